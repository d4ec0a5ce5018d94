import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { IconGift } from '../../../components/icons';
import { LazyMarkdown } from '../../../components/lazy-markdown';
import { formatDateTime, formatReward } from '../../../lib/format';
import type { Letter } from '../store';

/** An opened letter: its text, attached rewards with the claim button, and delete. */
export function LetterSheet({
  letter,
  onClose,
  onClaim,
  onDelete,
}: {
  letter: Letter;
  onClose(): void;
  onClaim(): Promise<unknown>;
  onDelete(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const hasRewards = letter.rewards.length > 0;
  const rewardWaiting = hasRewards && !letter.claimed;
  return (
    <Modal
      open
      onClose={onClose}
      variant="sheet"
      className="letter-sheet"
      title={letter.title}
      footer={
        <div className="letter-sheet__actions">
          <Button variant="outline" onClick={onDelete} disabled={rewardWaiting} data-testid="letter-delete">
            {t('letter.delete')}
          </Button>
          {hasRewards ? (
            <Button variant="accent" onClick={onClaim} disabled={letter.claimed} data-testid="letter-claim">
              {letter.claimed ? t('letter.claimed') : t('letter.claim')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('common.close')}</Button>
          )}
        </div>
      }
    >
      <p className="letter-sheet__date">{formatDateTime(letter.createdAt)}</p>
      <LazyMarkdown source={letter.content} className="letter-sheet__content" />
      {hasRewards ? (
        <section className="letter-sheet__rewards" aria-label={t('letter.rewards')}>
          <h3>{t('letter.rewards')}</h3>
          <ul className="chips">
            {letter.rewards.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rewards carry no id
              <li key={i} className={`chip reward-chip reward-chip--${r.type}`}>
                <IconGift size={16} /> {formatReward(r.type, r.amount)}
                <span className="reward-chip__type">{r.info || t(`reward.types.${r.type}`)}</span>
              </li>
            ))}
          </ul>
          {rewardWaiting ? <p className="letter-sheet__hint">{t('letter.claimBeforeDelete')}</p> : null}
        </section>
      ) : null}
    </Modal>
  );
}
