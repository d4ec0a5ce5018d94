import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { IconStar } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { EmptyState, RemoteView, SkeletonList } from '../../components/states';
import { getMallInfo } from '../../features/mall/api/get-mall-info';
import { orderMallItem } from '../../features/mall/api/order-mall-item';
import { type MallItem, MallItemCard } from '../../features/mall/components/mall-item-card';
import { MallOrderDialog } from '../../features/mall/components/mall-order-dialog';
import '../../features/mall/components/rewards.css';
import { useUserStore } from '../../features/user/store';
import { formatPoints } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';

/** Exchange (the points mall): the player's points, the items, an order with quantity and confirmation. */
export default function ExchangePage() {
  const { t } = useTranslation();
  const mall = useRemote(getMallInfo);
  const vip = useUserStore((s) => s.userInfo?.vip ?? 0);
  const openReward = useOverlayStore((s) => s.openReward);
  const [ordering, setOrdering] = useState<MallItem | null>(null);

  const confirm = async (item: MallItem, quantity: number) => {
    try {
      const { rewards } = await orderMallItem(item.id, quantity);
      setOrdering(null);
      openReward(rewards);
    } finally {
      // stock, limits and points changed (or the refusal says they had): show them as they are now
      mall.reload();
    }
  };

  return (
    <Page title={t('titles.exchange')}>
      <RemoteView
        state={mall}
        skeleton={<SkeletonList rows={5} />}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t('mall.empty')}
            text={t('mall.emptyText')}
            action={<Button onClick={mall.reload}>{t('common.retry')}</Button>}
          />
        }
      >
        {(data) => (
          <>
            <Section className="ml-points">
              <IconStar size={30} className="ml-points__icon" />
              <div>
                <p className="ml-points__label">{t('mall.myPoints')}</p>
                <p className="ml-points__value" data-testid="mall-points">
                  {formatPoints(data.point)}
                </p>
              </div>
              <p className="ml-points__hint">{t('mall.earnHint')}</p>
              {data.cashTurnoverMultiple > 0 && data.items.some((item) => item.reward.type === 'cash') && (
                <p className="ml-points__hint" data-testid="mall-cash-wagering">
                  {t('mall.cashWagering', { times: data.cashTurnoverMultiple })}
                </p>
              )}
            </Section>
            <ul className="ml-list" aria-label={t('mall.items')}>
              {data.items.map((item) => (
                <MallItemCard key={item.id} item={item} point={data.point} vip={vip} onExchange={setOrdering} />
              ))}
            </ul>
            <MallOrderDialog item={ordering} point={data.point} onClose={() => setOrdering(null)} onConfirm={confirm} />
          </>
        )}
      </RemoteView>
    </Page>
  );
}
