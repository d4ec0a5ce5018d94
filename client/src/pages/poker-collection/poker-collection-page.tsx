import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../../../shared/contract/define';
import type { pokerFetch } from '../../../../shared/contract/mall';
import { Button, useBusy } from '../../components/button';
import { IconCards, IconGift } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { RemoteView, Skeleton } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { drawPokerCard } from '../../features/mall/api/draw-poker-card';
import { getPoker } from '../../features/mall/api/get-poker';
import { GrandPrizeBanner } from '../../features/mall/components/grand-prize-banner';
import { PokerCard } from '../../features/mall/components/poker-card';
import { type DrawOutcome, PokerDrawStage } from '../../features/mall/components/poker-draw-stage';
import { PokerTicker } from '../../features/mall/components/poker-ticker';
import '../../features/mall/components/rewards.css';
import { formatDateTime } from '../../lib/format';
import { prefersReducedMotion, useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';
import { playSound } from '../../lib/sound';

type Poker = DataOf<typeof pokerFetch>;

/** About as long as the roll sound: the card spins at least this long before it turns over. */
const ROLL_MS = 1_400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The collection after a draw, without fetching it again (the free draw is always used first). */
function afterDraw(view: Poker, outcome: DrawOutcome & { chances: number }): Poker {
  const cards = view.cards.map((c) => (c.code === outcome.card.code ? { ...c, owned: outcome.card.owned } : c));
  return {
    ...view,
    cards,
    collected: cards.filter((c) => c.owned > 0).length,
    chances: outcome.chances,
    freeDrawAvailable: false,
    grandPrizeClaimed: view.grandPrizeClaimed || outcome.completed,
  };
}

function PokerSkeleton() {
  return (
    <div className="pk-skeleton" role="status">
      <Skeleton height={120} radius={16} />
      <Skeleton height={40} radius={12} />
      <Skeleton height={150} radius={16} />
      <Skeleton height={320} radius={16} />
    </div>
  );
}

/** Poker collection: draw a card a day (more with friends' first deposits), complete the 54 for 250,000.00. */
export default function PokerCollectionPage() {
  const { t } = useTranslation();
  const remote = useRemote(getPoker);
  const [local, setLocal] = useState<Poker | null>(null);
  const [stage, setStage] = useState<{ open: boolean; outcome: DrawOutcome | null }>({ open: false, outcome: null });
  const [feedKey, setFeedKey] = useState(0);
  const openReward = useOverlayStore((s) => s.openReward);
  const setCounter = useAccountStore((s) => s.setCounter);
  const view = local ?? remote.data;

  const [drawing, draw] = useBusy(async () => {
    if (!view) return;
    playSound('roll');
    setStage({ open: true, outcome: null });
    const started = Date.now();
    try {
      const result = await drawPokerCard();
      if (!prefersReducedMotion()) await sleep(Math.max(0, ROLL_MS - (Date.now() - started)));
      setStage({ open: true, outcome: result });
      setLocal(afterDraw(view, result));
      setCounter('inviteFriendToEarnNum', result.chances);
      setFeedKey((k) => k + 1);
    } catch (error) {
      setStage({ open: false, outcome: null });
      // the refusal was shown by the http layer; the counts may be stale, so read them again
      setLocal(null);
      remote.reload();
      throw error;
    }
  });

  const closeStage = () => {
    const outcome = stage.outcome;
    setStage({ open: false, outcome: null });
    if (outcome?.completed) openReward(outcome.rewards.filter((r) => r.type !== 'other'));
  };

  return (
    <Page title={t('titles.pokerCollection')} className="pk-page">
      <RemoteView state={remote} skeleton={<PokerSkeleton />}>
        {() =>
          view ? (
            <>
              <GrandPrizeBanner
                amount={view.grandPrize}
                collected={view.collected}
                claimed={view.grandPrizeClaimed}
                turnoverMultiple={view.grandPrizeTurnoverMultiple}
              />
              <PokerTicker refreshKey={feedKey} />

              <Section className="pk-draw">
                <div className="pk-draw__chances">
                  <IconCards size={28} className="pk-draw__icon" />
                  <div>
                    <p className="pk-draw__label">{t('pokerEvent.chancesLabel')}</p>
                    <p className="pk-draw__count" data-testid="poker-chances">
                      {view.chances}
                    </p>
                  </div>
                </div>
                <p className="pk-draw__next">
                  {view.freeDrawAvailable
                    ? t('pokerEvent.freeReady')
                    : t('pokerEvent.nextFree', { time: formatDateTime(view.nextFreeDrawAt) })}
                </p>
                <Button
                  variant="accent"
                  size="lg"
                  block
                  loading={drawing}
                  disabled={view.chances === 0}
                  onClick={() => draw()}
                >
                  {view.chances === 0 ? t('pokerEvent.noChances') : t('pokerEvent.draw')}
                </Button>
                <p className="pk-draw__invite">
                  <IconGift size={16} /> {t('pokerEvent.inviteHint')}
                </p>
              </Section>

              <Section
                title={
                  <span className="pk-collection__title">
                    {t('pokerEvent.collection')}
                    <span className="pk-collection__count">{view.collected} / 54</span>
                  </span>
                }
              >
                <ul className="pk-grid" aria-label={t('pokerEvent.collection')}>
                  {view.cards.map((card) => (
                    <li key={card.code}>
                      <PokerCard card={card} />
                    </li>
                  ))}
                </ul>
              </Section>

              <Section title={t('pokerEvent.rulesTitle')}>
                <ul className="pk-rules">
                  <li>{t('pokerEvent.rule1')}</li>
                  <li>{t('pokerEvent.rule2')}</li>
                  <li>{t('pokerEvent.rule3')}</li>
                  <li>{t('pokerEvent.rule4')}</li>
                </ul>
              </Section>
            </>
          ) : null
        }
      </RemoteView>
      <PokerDrawStage open={stage.open} outcome={stage.outcome} onClose={closeStage} />
    </Page>
  );
}
