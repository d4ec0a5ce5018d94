import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BreakKind } from '../../../../../shared/contract/responsible';
import { Button, useBusy } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { IconPause } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { BREAK_CHOICES, type BreakChoice, breakAllowed, breakEnd, type PlayBreak } from '../responsible-rules';

const KINDS: readonly BreakKind[] = ['cooloff', 'exclusion'];

/** The break running now, shown first on the page: until when (or permanent), what is closed, what stays open. */
export function BreakStatus({ playBreak, children }: { playBreak: PlayBreak; children?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="rg-status" aria-labelledby={titleId} data-testid="break-status">
      <span className="rg-status__icon" aria-hidden="true">
        <IconPause size={26} />
      </span>
      <div className="rg-status__text">
        <h2 className="rg-status__title" id={titleId}>
          {playBreak.until === null
            ? t('responsible.status.permanent')
            : t('responsible.status.until', { date: formatDateTime(playBreak.until) })}
        </h2>
        <p className="rg-status__kind">
          {t(`responsible.status.kind.${playBreak.kind}`, { date: formatDateTime(playBreak.since) })}
        </p>
        <p>{playBreak.until === null ? t('responsible.status.closedForGood') : t('responsible.status.closed')}</p>
        {children}
      </div>
    </section>
  );
}

/** The confirmation: exactly what the break closes, until when, that it cannot be undone, what stays open. */
function BreakConfirm({
  choice,
  until,
  onConfirm,
  onClose,
}: {
  choice: BreakChoice | null;
  until: string | null;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [busy, confirm] = useBusy(onConfirm);
  const date = until === null ? '' : formatDateTime(until);
  return (
    <Modal
      open={choice !== null}
      onClose={onClose}
      title={t('responsible.confirm.title')}
      className="confirm rg-confirm"
      closeOnOverlay={false}
      footer={
        <div className="confirm__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={confirm}>
            {t('responsible.confirm.start')}
          </Button>
        </div>
      }
    >
      {choice ? (
        <div className="rg-confirm__body">
          <p className="rg-confirm__what">
            {t(`responsible.break.kind.${choice.kind}`)} · {t(`responsible.break.length.${choice.length}`)}
          </p>
          <p className="rg-confirm__until">
            {until === null ? t('responsible.confirm.forever') : t('responsible.confirm.until', { date })}
          </p>
          <ul className="bullets">
            <li>
              {until === null ? t('responsible.confirm.closedForGood') : t('responsible.confirm.closed', { date })}
            </li>
            <li>{t('responsible.confirm.final')}</li>
            <li>{t('responsible.confirm.withdrawals')}</li>
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * Take a break: the cool-off and self-exclusion lengths, what a break does, then the confirmation before
 * anything is sent. While a break runs only a longer one can be chosen (a break cannot be shortened).
 */
export function TakeBreak({
  playBreak,
  onTake,
}: {
  playBreak: PlayBreak | null;
  onTake(choice: BreakChoice): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<BreakChoice | null>(null);
  const [asking, setAsking] = useState<{ choice: BreakChoice; until: string | null } | null>(null);
  const now = new Date();
  const permanent = playBreak !== null && playBreak.until === null;
  const selectable = picked !== null && breakAllowed(picked, playBreak, now) ? picked : null;

  const confirm = async () => {
    if (!asking) return;
    try {
      await onTake(asking.choice);
      setPicked(null);
    } finally {
      setAsking(null);
    }
  };

  if (permanent) return <p className="form__note">{t('responsible.break.permanentNote')}</p>;

  return (
    <div className="rg-break">
      <p>{t('responsible.break.intro')}</p>
      {KINDS.map((kind) => (
        <fieldset key={kind} className="rg-choices">
          <legend className="rg-choices__legend">{t(`responsible.break.kind.${kind}`)}</legend>
          <p className="form__note">{t(`responsible.break.about.${kind}`)}</p>
          <div className="rg-choices__grid">
            {BREAK_CHOICES.filter((c) => c.kind === kind).map((choice) => {
              const allowed = breakAllowed(choice, playBreak, now);
              const active = selectable?.length === choice.length;
              return (
                <label
                  key={choice.length}
                  className={`rg-choice${active ? ' is-active' : ''}${allowed ? '' : ' is-disabled'}`}
                >
                  <input
                    type="radio"
                    className="visually-hidden"
                    name="rg-break-length"
                    value={choice.length}
                    checked={active}
                    disabled={!allowed}
                    onChange={() => setPicked(choice)}
                  />
                  {t(`responsible.break.length.${choice.length}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <ul className="bullets rg-break__rules">
        <li>{t('responsible.break.ruleNow')}</li>
        <li>{t('responsible.break.ruleClosed')}</li>
        <li>{t('responsible.break.ruleFinal')}</li>
        <li>{t('responsible.break.ruleWithdraw')}</li>
      </ul>
      {playBreak ? <p className="notice notice--info">{t('responsible.break.onlyLonger')}</p> : null}
      <Button
        block
        size="lg"
        disabled={selectable === null}
        onClick={() => selectable && setAsking({ choice: selectable, until: breakEnd(selectable.hours) })}
      >
        {playBreak ? t('responsible.break.extend') : t('responsible.break.take')}
      </Button>
      <BreakConfirm
        choice={asking?.choice ?? null}
        until={asking?.until ?? null}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
