import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../components/page';
import { RemoteView } from '../../components/states';
import { getPoker } from '../../features/mall/api/get-poker';
import { formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

/** Poker collection: progress towards the full 54-card set (2 jokers included) and the grand prize. */
export default function PokerCollectionPage() {
  const { t } = useTranslation();
  const poker = useRemote(getPoker);
  return (
    <Page title={t('titles.pokerCollection')}>
      <RemoteView state={poker}>
        {(data) => (
          <>
            <Section title={t('poker.grandPrize')}>
              <p className="big-number text-accent">₱ {formatMoney(data.grandPrize)}</p>
              <p className="form__note">{t('poker.rules')}</p>
            </Section>
            <Section title={t('poker.progress')}>
              <p className="big-number">{data.collected} / 54</p>
              <p className="form__note">{t('poker.chances', { count: data.chances })}</p>
              <ul className="poker-grid" aria-label={t('poker.cards')}>
                {data.cards.map((card) => (
                  <li
                    key={card.code}
                    className={`poker-card${card.owned > 0 ? ' is-owned' : ''}`}
                    aria-label={`${card.code}${card.owned ? '' : ` (${t('poker.missing')})`}`}
                  >
                    {card.code}
                  </li>
                ))}
              </ul>
            </Section>
          </>
        )}
      </RemoteView>
    </Page>
  );
}
