import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/fields';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { type GameRecordType, getGameRecords } from '../../features/game/api/get-game-records';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

const TYPES: GameRecordType[] = ['all', 'slot', 'live', 'sports', 'fish', 'poker', 'arcade'];

/** Game records: the player's rounds by type, newest first, with totals. */
export default function GameRecordPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<GameRecordType>('all');
  const records = useRemote(() => getGameRecords(type), [type]);
  return (
    <Page title={t('titles.gameRecord')}>
      <div className="scroll-x">
        <Segmented<GameRecordType>
          label={t('gameRecord.type')}
          value={type}
          onChange={setType}
          options={TYPES.map((v) => ({ value: v, label: t(`gameTypes.${v}`) }))}
        />
      </div>
      <RemoteView
        state={records}
        isEmpty={(d) => d.list.length === 0}
        empty={<EmptyState title={t('gameRecord.empty')} text={t('gameRecord.emptyText')} />}
      >
        {(data) => (
          <>
            <dl className="facts facts--inline">
              <div>
                <dt>{t('gameRecord.totalBet')}</dt>
                <dd>{formatMoney(data.totalBet)}</dd>
              </div>
              <div>
                <dt>{t('gameRecord.totalWin')}</dt>
                <dd>{formatMoney(data.totalWin)}</dd>
              </div>
            </dl>
            <ul className="rows">
              {data.list.map((round) => (
                <li key={round.roundId} className="row">
                  <div className="row__main">
                    <p className="row__title">{round.gameName}</p>
                    <p className="row__meta">
                      {formatDateTime(round.createdAt)} · {round.result}
                    </p>
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
      </RemoteView>
    </Page>
  );
}
