import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { formatPoints, formatReward } from '../../../lib/format';
import { type MallItem, maxQuantity } from './mall-item-card';

/** Quantity, total and points after, then the confirmation; `onConfirm` places the order. */
export function MallOrderDialog({
  item,
  point,
  onClose,
  onConfirm,
}: {
  item: MallItem | null;
  point: number;
  onClose(): void;
  onConfirm(item: MallItem, quantity: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item starts at one unit
  useEffect(() => setQuantity(1), [item?.id]);
  if (!item) return null;
  const max = Math.max(1, maxQuantity(item, point));
  const total = item.price * quantity;
  return (
    <Modal
      open
      onClose={onClose}
      variant="sheet"
      className="ml-order"
      title={t('mall.confirmTitle')}
      footer={
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="accent" data-autofocus onClick={() => onConfirm(item, quantity)}>
            {t('mall.confirm', { points: formatPoints(total) })}
          </Button>
        </div>
      }
    >
      <div className="ml-order__item">
        <img src={item.imageUrl} alt="" width={56} height={56} />
        <div>
          <p className="ml-item__name">{item.name}</p>
          <p className="ml-item__desc">
            {t('mall.eachGives', {
              reward: `${formatReward(item.reward.type, item.reward.amount)} ${t(`reward.types.${item.reward.type}`)}`,
            })}
          </p>
        </div>
      </div>
      <fieldset className="ml-order__qty">
        <legend className="ml-order__legend">{t('mall.quantity')}</legend>
        <div className="ml-stepper">
          <IconButton
            label={t('mall.less')}
            disabled={quantity <= 1}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            −
          </IconButton>
          <output className="ml-stepper__value" aria-live="polite">
            {quantity}
          </output>
          <IconButton
            label={t('mall.more')}
            disabled={quantity >= max}
            onClick={() => setQuantity((q) => Math.min(max, q + 1))}
          >
            +
          </IconButton>
        </div>
      </fieldset>
      <dl className="ml-order__sum">
        <div>
          <dt>{t('mall.total')}</dt>
          <dd>{t('mall.price', { points: formatPoints(total) })}</dd>
        </div>
        <div>
          <dt>{t('mall.after')}</dt>
          <dd>{t('mall.price', { points: formatPoints(Math.max(0, point - total)) })}</dd>
        </div>
      </dl>
    </Modal>
  );
}
