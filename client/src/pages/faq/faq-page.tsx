import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '../../components/button';
import { IconChat, IconClose, IconSearch } from '../../components/icons';
import { Markdown } from '../../components/markdown';
import { LinkCard, Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getFaq } from '../../features/config/api/get-faq';
import { type FaqItem, groupByCategory, searchFaq } from '../../features/config/faq-search';
import { useRemote } from '../../lib/hooks';

/** The next step when the FAQ has no answer. */
function ContactSupport() {
  const { t } = useTranslation();
  return (
    <Link to="/livechat" className="btn btn--outline btn--md">
      <span className="btn__label">{t('faq.contact')}</span>
    </Link>
  );
}

function FaqList({ items, query }: { items: FaqItem[]; query: string }) {
  const { t } = useTranslation();
  const matches = searchFaq(items, query);
  if (!matches.length) {
    return (
      <EmptyState
        title={t('faq.noMatch', { query: query.trim() })}
        text={t('faq.noMatchText')}
        action={<ContactSupport />}
      />
    );
  }
  return (
    <>
      {query.trim() ? (
        <p className="faq-count" role="status">
          {t('faq.results', { count: matches.length })}
        </p>
      ) : null}
      {groupByCategory(matches).map(([category, list]) => (
        <section key={category} className="faq-group" aria-label={category}>
          <h2 className="faq-group__title">{category}</h2>
          {list.map(({ item, inAnswer }) => (
            // one answer open at a time (exclusive accordion); a match found in the answer opens itself
            <details key={`${item.id}-${inAnswer}`} className="faq-item" name="faq" open={inAnswer || undefined}>
              <summary>{item.question}</summary>
              <Markdown source={item.answer} />
            </details>
          ))}
        </section>
      ))}
    </>
  );
}

/** FAQ: questions from /api/app/faq grouped by category, searchable, answers (markdown) opening in place. */
export default function FaqPage() {
  const { t } = useTranslation();
  const faq = useRemote(getFaq);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  return (
    <Page title={t('titles.faq')} className="faq">
      <search className="faq-search">
        <div className="search-box">
          <IconSearch size={20} />
          <input
            type="search"
            value={query}
            maxLength={60}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('faq.searchPlaceholder')}
            aria-label={t('faq.searchPlaceholder')}
            enterKeyHint="search"
            disabled={faq.status !== 'success'}
          />
          {query ? (
            <IconButton label={t('faq.clear')} onClick={() => setQuery('')}>
              <IconClose size={18} />
            </IconButton>
          ) : null}
        </div>
      </search>
      <RemoteView
        state={faq}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title={t('faq.empty')} text={t('faq.emptyText')} action={<ContactSupport />} />}
      >
        {(items) => <FaqList items={items} query={deferred} />}
      </RemoteView>
      <LinkCard
        to="/livechat"
        icon={<IconChat size={22} />}
        title={t('faq.stillNeedHelp')}
        text={t('faq.stillNeedHelpText')}
      />
    </Page>
  );
}
