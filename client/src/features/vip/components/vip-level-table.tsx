import { useTranslation } from 'react-i18next';
import type { VipCard } from '../../../../../shared/contract/vip';
import { formatMoney } from '../../../lib/format';

const compact = (pesos: number) =>
  pesos >= 1_000_000 ? `${pesos / 1_000_000}M` : pesos >= 1_000 ? `${pesos / 1_000}K` : String(pesos);

/** The level table: what each level needs and gives; the player's row is highlighted. */
export function VipLevelTable({ card }: { card: VipCard }) {
  const { t } = useTranslation();
  return (
    <div className="level-table">
      <table aria-label={t('vipPage.levels')}>
        <thead>
          <tr>
            <th scope="col">{t('vipPage.col.level')}</th>
            <th scope="col">{t('vipPage.col.deposits')}</th>
            <th scope="col">{t('vipPage.col.turnover')}</th>
            <th scope="col">{t('vipPage.col.daily')}</th>
            <th scope="col">{t('vipPage.col.monthly')}</th>
            <th scope="col">{t('vipPage.col.rebates')}</th>
            <th scope="col">{t('vipPage.col.withdraw')}</th>
          </tr>
        </thead>
        <tbody>
          {card.levels.map((l) => (
            <tr
              key={l.level}
              className={l.level === card.level ? 'is-current' : undefined}
              aria-current={l.level === card.level || undefined}
            >
              <th scope="row">VIP {l.level}</th>
              <td>{compact(l.depositThreshold)}</td>
              <td>{compact(l.turnoverThreshold)}</td>
              <td>{formatMoney(l.dailyReward)}</td>
              <td>{formatMoney(l.monthlyReward)}</td>
              <td>
                {l.depositRebateRate}% / {l.rebateRate}%
              </td>
              <td>
                {compact(l.withdrawDailyLimit)} x{l.withdrawDailyCount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form__note level-table__note">{t('vipPage.levelsNote')}</p>
    </div>
  );
}
