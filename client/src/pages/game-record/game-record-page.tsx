import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChipFilter } from '../../components/chip-filter';
import { type DayRange, DayRangeChips, dayRangeQuery } from '../../components/day-range';
import { Page } from '../../components/page';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/states';
import { type GameRecordType, getGameRecords } from '../../features/game/api/get-game-records';
import { roundResultText } from '../../features/game/round-result';
import { formatDateTime, formatMoney } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { usePagedList } from '../../lib/paged';
import '../../styles/wallet.css';

const TYPES: GameRecordType[] = ['all', 'slot', 'live', 'sports', 'fish', 'poker', 'arcade'];

/** The game provider's public verify page for one round (docs/provably-fair.md), in the player's language. */
export const verifyRoundUrl = (roundId: string, language: string) =>
  `/provider/verify?${new URLSearchParams({ roundId, lang: language })}`;

/** Game records (/game/record): the player's rounds by type and date, newest first, with totals. */
export default function GameRecordPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<GameRecordType>('all');
  const [range, setRange] = useState<DayRange>('all');
  const [totals, setTotals] = useState<{ bet: number; win: number } | null>(null);
  const records = usePagedList(
    async (page) => {
      const data = await getGameRecords(type, dayRangeQuery(range), page);
      setTotals({ bet: data.totalBet, win: data.totalWin });
      return data;
    },
    [type, range],
  );
  const net = totals ? totals.win - totals.bet : 0;
  return (
    <Page title={t('titles.gameRecord')}>
      <ChipFilter<GameRecordType>
        label={t('gameRecord.type')}
        value={type}
        onChange={setType}
        scroll
        options={TYPES.map((v) => ({ value: v, label: t(`gameTypes.${v}`) }))}
      />
      <DayRangeChips value={range} onChange={setRange} />
      <PagedList
        state={records}
        empty={
          <EmptyState
            title={t('gameRecord.empty')}
            text={t('gameRecord.emptyText')}
            action={
              <Link to="/game" className="btn btn--primary">
                <span className="btn__label">{t('gameLobby.playNow')}</span>
              </Link>
            }
          />
        }
      >
        {(list) => (
          <>
            {totals ? (
              <dl className="facts facts--inline facts--three" data-testid="game-totals">
                <div>
                  <dt>{t('gameRecord.totalBet')}</dt>
                  <dd>{formatMoney(totals.bet)}</dd>
                </div>
                <div>
                  <dt>{t('gameRecord.totalWin')}</dt>
                  <dd>{formatMoney(totals.win)}</dd>
                </div>
                <div>
                  <dt>{t('gameLobby.net')}</dt>
                  <dd className={net > 0 ? 'text-success' : net < 0 ? 'text-danger' : undefined}>
                    {net > 0 ? '+' : net < 0 ? '-' : ''}
                    {formatMoney(Math.abs(net))}
                  </dd>
                </div>
              </dl>
            ) : null}
            <ul className="rows" aria-label={t('titles.gameRecord')}>
              {list.map((round) => (
                <li key={round.roundId} className="row">
                  <div className="row__main">
                    <p className="row__title">{round.gameName}</p>
                    <p className="row__meta">{formatDateTime(round.createdAt)}</p>
                    <p className="row__meta row__remark">{roundResultText(round.result, t)}</p>
                    <a
                      className="link-inline row__verify"
                      href={verifyRoundUrl(round.roundId, currentLanguage())}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('gameRecord.verifyRound', { name: round.gameName })}
                    >
                      {t('gameRecord.verify')}
                    </a>
                  </div>
                  <div className="row__value">
                    <p>{t('gameRecord.bet', { amount: formatMoney(round.bet) })}</p>
                    <p className={round.win > 0 ? 'text-success' : undefined}>
                      {t('gameRecord.win', { amount: formatMoney(round.win) })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedList>
    </Page>
  );
}
