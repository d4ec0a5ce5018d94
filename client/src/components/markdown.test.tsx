import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, parseBlocks, safeHref } from './markdown';

describe('markdown renderer', () => {
  afterEach(cleanup);

  it('renders headings, lists, emphasis and links as elements', () => {
    const { container } = render(
      <Markdown
        source={
          '# Title\n\nSome **bold** and *em* text.\n\n- one\n- two\n\n1. first\n2. second\n\n[site](https://a.test)'
        }
      />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://a.test');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never turns text into markup, and drops unsafe links', () => {
    const { container } = render(
      <Markdown source={'<img src=x onerror=alert(1)> [click](javascript:alert(1)) <script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref('/faq')).toBe('/faq');
    expect(safeHref('mailto:help@a.test')).toBe('mailto:help@a.test');
  });

  it('groups lines into blocks', () => {
    expect(parseBlocks('a\nb\n\n---\n> quote')).toEqual([
      { kind: 'paragraph', text: 'a b' },
      { kind: 'rule' },
      { kind: 'quote', text: 'quote' },
    ]);
  });
});
