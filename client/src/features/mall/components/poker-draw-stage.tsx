import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../../shared/contract/reward';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { formatReward } from '../../../lib/format';
import { PokerCard, PokerCardBack, type PokerCardData, useCardName } from './poker-card';

export interface DrawOutcome {
  card: PokerCardData;
  duplicate: boolean;
  completed: boolean;
  rewards: Reward[];
}

/**
 * The draw on stage: a spinning card back while the draw runs (a still one with reduced motion), then the
 * card turned over with what it gave.
 */
export function PokerDrawStage({
  open,
  outcome,
  onClose,
}: {
  open: boolean;
  outcome: DrawOutcome | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const cardName = useCardName();
  const extras = outcome?.rewards.filter((r) => r.type !== 'other') ?? [];
  return (
    <Modal
      open={open}
      onClose={onClose}
      hideClose={!outcome}
      closeOnOverlay={false}
      className="pk-stage"
      title={
        outcome
          ? outcome.duplicate
            ? t('pokerEvent.duplicateTitle')
            : t('pokerEvent.newCardTitle')
          : t('pokerEvent.drawing')
      }
      footer={
        outcome ? (
          <Button block size="lg" data-autofocus onClick={onClose}>
            {outcome.completed ? t('pokerEvent.collectPrize') : t('common.ok')}
          </Button>
        ) : null
      }
    >
      <div className={`pk-stage__table${outcome ? ' is-revealed' : ' is-rolling'}`} aria-live="polite">
        {outcome ? (
          <div className="pk-stage__reveal">
            <PokerCard card={outcome.card} size="lg" />
          </div>
        ) : (
          <div className="pk-stage__spin">
            <PokerCardBack />
          </div>
        )}
      </div>
      {outcome ? (
        <div className="pk-stage__result">
          <p className="pk-stage__name">{cardName(outcome.card)}</p>
          <p className="pk-stage__text">
            {outcome.completed
              ? t('pokerEvent.completedText')
              : outcome.duplicate
                ? t('pokerEvent.duplicateText', { count: outcome.card.owned })
                : t('pokerEvent.newCardText')}
          </p>
          {extras.length ? (
            <ul className="pk-stage__rewards">
              {extras.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rewards carry no id
                <li key={i}>
                  +{formatReward(r.type, r.amount)} {t(`reward.types.${r.type}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="pk-stage__text pk-stage__text--center">{t('pokerEvent.shuffling')}</p>
      )}
    </Modal>
  );
}
