import { Fragment, type ReactNode } from 'react';

/**
 * A tiny, safe markdown renderer for server texts (privacy policy, terms, FAQ answers, notices):
 * headings, paragraphs, lists, blockquotes, rules, bold, italic, inline code and links. It builds React
 * elements, never HTML strings, so nothing in the text can inject markup. Links only keep http(s),
 * mailto, tel and same-site paths.
 */
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string }
  | { kind: 'rule' };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    if (quote.length) blocks.push({ kind: 'quote', text: quote.join(' ') });
    paragraph = [];
    list = null;
    quote = [];
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2] ?? '' });
      continue;
    }
    if (/^([-*_])(\s*\1){2,}$/.test(trimmed)) {
      flush();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const bullet = /^[-*+]\s+(.*)$/.exec(trimmed);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(trimmed);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || quote.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1] ?? '').trim());
      continue;
    }
    if (trimmed.startsWith('>')) {
      if (paragraph.length || list) flush();
      quote.push(trimmed.replace(/^>\s?/, ''));
      continue;
    }
    if (list && /^\s{2,}/.test(line)) {
      const items = list.items;
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${trimmed}`;
      continue;
    }
    if (list || quote.length) flush();
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

export function safeHref(href: string): string | null {
  const url = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (url.startsWith('#')) return url;
  return null;
}

const INLINE =
  /(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<]+[^\s<.,;:!?)\]]))/;

export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest.length) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push(rest);
      break;
    }
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const key = `${keyPrefix}-${index++}`;
    const [whole, , strongA, strongB, emA, emB, code, linkText, linkHref, bare] = match;
    if (strongA ?? strongB) out.push(<strong key={key}>{renderInline(strongA ?? strongB ?? '', key)}</strong>);
    else if (emA ?? emB) out.push(<em key={key}>{renderInline(emA ?? emB ?? '', key)}</em>);
    else if (code) out.push(<code key={key}>{code}</code>);
    else if (linkText && linkHref) {
      const href = safeHref(linkHref);
      out.push(
        href ? (
          <a
            key={key}
            href={href}
            target={href.startsWith('/') || href.startsWith('#') ? undefined : '_blank'}
            rel="noopener noreferrer"
          >
            {renderInline(linkText, key)}
          </a>
        ) : (
          <Fragment key={key}>{linkText}</Fragment>
        ),
      );
    } else if (bare) {
      out.push(
        <a key={key} href={bare} target="_blank" rel="noopener noreferrer">
          {bare}
        </a>,
      );
    } else out.push(whole);
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = parseBlocks(source);
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      {blocks.map((block, i) => {
        const key = `b${i}`;
        switch (block.kind) {
          case 'heading': {
            // documents sit under the dialog's h2: shift levels down so the outline stays valid
            const level = Math.min(6, block.level + 2);
            const Tag = `h${level}` as 'h3';
            return <Tag key={key}>{renderInline(block.text, key)}</Tag>;
          }
          case 'paragraph':
            return <p key={key}>{renderInline(block.text, key)}</p>;
          case 'quote':
            return <blockquote key={key}>{renderInline(block.text, key)}</blockquote>;
          case 'rule':
            return <hr key={key} />;
          case 'list': {
            const items = block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items have no id
              <li key={j}>{renderInline(item, `${key}-${j}`)}</li>
            ));
            return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
