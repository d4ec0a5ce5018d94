import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { mallItemSchema } from '../../../../../shared/contract/mall';
import { Button } from '../../../components/button';
import { formatPoints, formatReward } from '../../../lib/format';

export type MallItem = z.infer<typeof mallItemSchema>;

/** Why an item cannot be exchanged now (null: it can), the most final reason first. */
export function blockedReason(item: MallItem, point: number, vip: number): string | null {
  if (item.stock === 0) return 'soldOut';
  if (vip < item.minVip) return 'vip';
  if (item.perAccountLimit !== null && item.exchanged >= item.perAccountLimit) return 'limit';
  if (point < item.price) return 'points';
  return null;
}

/** Units one order may take: the stock left, the account's limit left, what the points pay for, 99. */
export function maxQuantity(item: MallItem, point: number): number {
  const limits = [99, Math.floor(point / item.price)];
  if (item.stock !== null) limits.push(item.stock);
  if (item.perAccountLimit !== null) limits.push(item.perAccountLimit - item.exchanged);
  return Math.max(0, Math.min(...limits));
}

export function MallItemCard({
  item,
  point,
  vip,
  onExchange,
}: {
  item: MallItem;
  point: number;
  vip: number;
  onExchange(item: MallItem): void;
}) {
  const { t } = useTranslation();
  const reason = blockedReason(item, point, vip);
  const label =
    reason === 'soldOut'
      ? t('mall.soldOut')
      : reason === 'vip'
        ? t('mall.vipOnly', { level: item.minVip })
        : reason === 'limit'
          ? t('mall.limitReached')
          : reason === 'points'
            ? t('mall.needMore', { points: formatPoints(item.price - point) })
            : t('mall.exchange');
  return (
    <li className={`ml-item${reason ? ' is-blocked' : ''}`} data-item={item.id}>
      <img className="ml-item__image" src={item.imageUrl} alt="" width={72} height={72} loading="lazy" />
      <div className="ml-item__main">
        <p className="ml-item__name">{item.name}</p>
        <p className="ml-item__desc">{item.description}</p>
        <p className="ml-item__chips">
          <span className="ml-chip ml-chip--reward">
            {formatReward(item.reward.type, item.reward.amount)} {t(`reward.types.${item.reward.type}`)}
          </span>
          {item.stock !== null ? (
            <span className={`ml-chip${item.stock === 0 ? ' ml-chip--out' : ''}`}>
              {t('mall.stock', { count: item.stock })}
            </span>
          ) : null}
          {item.perAccountLimit !== null ? (
            <span className="ml-chip">{t('mall.limit', { taken: item.exchanged, limit: item.perAccountLimit })}</span>
          ) : null}
          {item.minVip > 0 ? <span className="ml-chip ml-chip--vip">VIP {item.minVip}+</span> : null}
        </p>
        <div className="ml-item__foot">
          <span className="ml-item__price">{t('mall.price', { points: formatPoints(item.price) })}</span>
          <Button
            size="sm"
            variant={reason ? 'secondary' : 'accent'}
            disabled={reason !== null}
            onClick={() => onExchange(item)}
          >
            {label}
          </Button>
        </div>
      </div>
    </li>
  );
}
