import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RealityCheck } from '../../../../../shared/contract/responsible';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/dialog';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { getRealityCheck } from '../api/get-reality-check';
import { nextReminderAt, playedMinutes, REALITY_CHECK_MINUTES } from '../responsible-rules';
import { useResponsibleStore } from '../store';
import './responsible.css';

/** The interval chooser on /responsible: off, 15, 30 or 60 minutes, saved at once. */
export function RealityCheckSetting({
  minutes,
  onSave,
}: {
  minutes: number;
  onSave(minutes: number): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<number | null>(null);
  const choose = async (choice: number) => {
    if (choice === minutes || saving !== null) return;
    setSaving(choice);
    try {
      await onSave(choice);
      toast.success(
        choice === 0 ? t('responsible.reality.savedOff') : t('responsible.reality.saved', { minutes: choice }),
      );
    } finally {
      setSaving(null);
    }
  };
  return (
    <fieldset className="rg-choices" data-testid="reality-check">
      <legend className="visually-hidden">{t('responsible.reality.title')}</legend>
      <p className="form__note">{t('responsible.reality.intro')}</p>
      <div className="rg-choices__grid">
        {REALITY_CHECK_MINUTES.map((choice) => (
          <label key={choice} className={`rg-choice${choice === (saving ?? minutes) ? ' is-active' : ''}`}>
            <input
              type="radio"
              className="visually-hidden"
              name="rg-reality-check"
              checked={choice === (saving ?? minutes)}
              onChange={() => void choose(choice)}
            />
            <span>
              {choice === 0 ? t('responsible.reality.off') : t('responsible.reality.every', { minutes: choice })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Hours and minutes played, as the reminder says them. */
function usePlayedText() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return h > 0 ? t('responsible.reality.hoursMinutes', { h, m }) : t('responsible.reality.minutes', { m });
  };
}

/**
 * The reality check over every page of the app, the game page too (the game runs in an iframe inside the
 * app; this is the app's own dialog, above it): every N minutes of the session (N chosen on /responsible),
 * the time played and this session's net result, with "Keep playing" and "Stop" (`onStop`: the app closes
 * the game and goes to the lobby). The minutes count from the session's start on the server's clock.
 */
export function RealityCheckReminder({ active, onStop }: { active: boolean; onStop(): void }) {
  const { t } = useTranslation();
  const played = usePlayedText();
  // A change of the interval on /responsible schedules again.
  const chosen = useResponsibleStore((s) => s.state?.realityCheckMinutes);
  const [shown, setShown] = useState<RealityCheck | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const schedule = useCallback(async () => {
    clearTimeout(timer.current);
    let check: RealityCheck;
    try {
      check = await getRealityCheck();
    } catch {
      return;
    }
    if (check.minutes === 0) return;
    // The server's clock: the client's may be off (or moved by a tester's clock).
    const offset = Date.parse(check.now) - Date.now();
    const wait = nextReminderAt(check.startedAt, check.minutes, check.now) - Date.parse(check.now);
    timer.current = setTimeout(async () => {
      try {
        const fresh = await getRealityCheck();
        if (fresh.minutes > 0) {
          // A game played full screen would hide the app's dialog: the reminder brings the app back.
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
          setShown({ ...fresh, now: new Date(Date.now() + offset).toISOString() });
        }
      } catch {
        void schedule();
      }
    }, wait);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new interval schedules again
  useEffect(() => {
    if (!active) {
      setShown(null);
      return;
    }
    void schedule();
    return () => clearTimeout(timer.current);
  }, [active, chosen, schedule]);

  const keepPlaying = () => {
    setShown(null);
    void schedule();
  };
  const stop = () => {
    setShown(null);
    onStop();
    void schedule();
  };

  const minutes = shown ? playedMinutes(shown.startedAt, shown.now) : 0;
  return (
    <Modal
      open={shown !== null}
      onClose={keepPlaying}
      title={t('responsible.reality.reminderTitle')}
      className="confirm rg-reality"
      hideClose
      closeOnOverlay={false}
      footer={
        <div className="confirm__actions">
          <Button variant="secondary" onClick={stop}>
            {t('responsible.reality.stop')}
          </Button>
          <Button onClick={keepPlaying} data-autofocus>
            {t('responsible.reality.keepPlaying')}
          </Button>
        </div>
      }
    >
      {shown ? (
        <div className="rg-reality__body" data-testid="reality-reminder">
          <p className="rg-reality__time">{t('responsible.reality.played', { time: played(minutes) })}</p>
          <p className={`rg-reality__net${shown.net < 0 ? ' is-down' : ''}`}>
            {shown.net > 0
              ? t('responsible.reality.won', { amount: formatMoney(shown.net) })
              : shown.net < 0
                ? t('responsible.reality.lost', { amount: formatMoney(-shown.net) })
                : t('responsible.reality.even')}
          </p>
          <p className="form__note">{t('responsible.reality.staked', { amount: formatMoney(shown.wagered) })}</p>
        </div>
      ) : null}
    </Modal>
  );
}
