import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositLimitPeriod } from '../../../../../shared/contract/responsible';
import { Button, useBusy } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { useFieldErrors } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  type DepositLimit,
  filterLimitAmount,
  LIMIT_CEILING,
  limitProblem,
  limitTiming,
  parseLimitAmount,
  raiseEffectiveAt,
  usedPercent,
} from '../responsible-rules';

/** Which limits a list shows: deposits, net losses (stakes minus wins) or wagers (stakes). */
export type LimitKind = 'deposit' | 'loss' | 'wager';

export type SaveLimit = (
  period: DepositLimitPeriod,
  amount: number | null,
) => Promise<{ depositLimits?: DepositLimit[]; lossLimits?: DepositLimit[]; wagerLimits?: DepositLimit[] }>;

/** The key of a text that differs by kind (intro, period names, field labels, the no-limit figure). */
const kindKey = (kind: LimitKind, key: string) =>
  kind === 'deposit' ? `responsible.limits.${key}` : `responsible.${kind}Limits.${key}`;
const listOf = (kind: LimitKind) =>
  kind === 'deposit' ? 'depositLimits' : kind === 'loss' ? 'lossLimits' : ('wagerLimits' as const);

/** The editor of one limit: the amount in pesos, Save, Remove (when there is one to remove), Cancel. */
function LimitEditor({
  kind,
  limit,
  onSave,
  onDone,
}: {
  kind: LimitKind;
  limit: DepositLimit;
  onSave: SaveLimit;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(limit.amount === null ? '' : String(limit.amount));
  const { errors, check, send } = useFieldErrors<'amount'>({ fields: { amount: 'amount' } });
  const name = t(kindKey(kind, `period.${limit.period}`));
  const typed = parseLimitAmount(text);
  const waits = typed !== null && typed > 0 && limitTiming(limit.amount, typed) === 'later';

  /** Saves (null removes) and says when the change applies: at once, or after the 24 hours of a raise. */
  const save = async (amount: number | null) => {
    const answer = await send(() => onSave(limit.period, amount));
    const now = answer[listOf(kind)]?.find((l) => l.period === limit.period);
    if (now?.pending) {
      toast.success(
        now.pending.amount === null
          ? t('responsible.limits.removalSaved', { name, date: formatDateTime(now.pending.effectiveAt) })
          : t('responsible.limits.raiseSaved', {
              name,
              amount: formatMoney(now.pending.amount),
              date: formatDateTime(now.pending.effectiveAt),
            }),
      );
    } else {
      toast.success(
        now?.amount == null
          ? t('responsible.limits.removedNow', { name })
          : t('responsible.limits.savedNow', { name, amount: formatMoney(now.amount) }),
      );
    }
    onDone();
  };

  const [saving, runSave] = useBusy(async () => {
    const problem = limitProblem(text);
    const ok = check({
      amount: () =>
        problem === 'empty' || problem === 'zero'
          ? t('responsible.limits.enterAmount')
          : problem === 'tooHigh'
            ? t('responsible.limits.tooHigh', { max: formatMoney(LIMIT_CEILING) })
            : null,
    });
    if (ok) await save(parseLimitAmount(text));
  });
  const [removing, runRemove] = useBusy(() => save(null));

  return (
    <form
      className="form rg-limit__editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void runSave();
      }}
    >
      <TextField
        label={t(kindKey(kind, `field.${limit.period}`))}
        prefix="₱"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('responsible.limits.amountPlaceholder')}
        value={text}
        onChange={setText}
        filter={filterLimitAmount}
        error={errors.amount}
        hint={
          waits
            ? t('responsible.limits.raiseHint', { date: formatDateTime(raiseEffectiveAt()) })
            : t('responsible.limits.lowerHint')
        }
      />
      <div className="rg-limit__buttons">
        <Button type="submit" loading={saving} disabled={removing}>
          {t('responsible.limits.save')}
        </Button>
        {limit.amount !== null ? (
          <Button variant="outline" loading={removing} disabled={saving} onClick={runRemove}>
            {t('responsible.limits.remove')}
          </Button>
        ) : null}
        <Button variant="ghost" disabled={saving || removing} onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
      {limit.amount !== null ? <p className="form__note">{t('responsible.limits.removeNote')}</p> : null}
    </form>
  );
}

/** One period: the limit or "No limit", what it used, when it resets, a change waiting its 24 hours, Edit. */
function LimitRow({ kind, limit, onSave }: { kind: LimitKind; limit: DepositLimit; onSave: SaveLimit }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const nameId = useId();
  const name = t(kindKey(kind, `period.${limit.period}`));
  const percent = limit.amount === null ? 0 : usedPercent(limit.used, limit.amount);
  return (
    <li
      className="rg-limit"
      data-testid={kind === 'deposit' ? `limit-${limit.period}` : `${kind}-limit-${limit.period}`}
    >
      <div className="rg-limit__head">
        <span className="rg-limit__name" id={nameId}>
          {name}
        </span>
        <strong className={limit.amount === null ? 'rg-limit__value is-none' : 'rg-limit__value'}>
          {limit.amount === null ? t('responsible.limits.none') : `₱ ${formatMoney(limit.amount)}`}
        </strong>
      </div>
      {limit.amount !== null ? (
        <div
          className={`rg-limit__track${percent >= 100 ? ' is-full' : ''}`}
          role="progressbar"
          aria-label={t('responsible.limits.usedLabel', { name })}
          aria-valuenow={Math.floor(percent)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="rg-limit__bar" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <div className="rg-limit__facts">
        <span>
          {limit.amount === null
            ? t(kindKey(kind, 'deposited'), { used: formatMoney(limit.used) })
            : t('responsible.limits.used', { used: formatMoney(limit.used), limit: formatMoney(limit.amount) })}
        </span>
        <span>{t('responsible.limits.resets', { date: formatDateTime(limit.resetsAt) })}</span>
      </div>
      {limit.pending ? (
        <p className="notice notice--warning rg-limit__pending">
          <strong>
            {limit.pending.amount === null
              ? t('responsible.limits.pendingRemoval', { date: formatDateTime(limit.pending.effectiveAt) })
              : t('responsible.limits.pendingAmount', {
                  amount: formatMoney(limit.pending.amount),
                  date: formatDateTime(limit.pending.effectiveAt),
                })}
          </strong>
          <span>{t('responsible.limits.pendingNote')}</span>
        </p>
      ) : null}
      {editing ? (
        <LimitEditor kind={kind} limit={limit} onSave={onSave} onDone={() => setEditing(false)} />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="rg-limit__edit"
          aria-describedby={nameId}
          onClick={() => setEditing(true)}
        >
          {limit.amount === null ? t('responsible.limits.set') : t('responsible.limits.change')}
        </Button>
      )}
    </li>
  );
}

/**
 * The deposit, loss or wager limits per Manila day, week and month: a lower limit (or a first one) applies
 * at once, a raise or a removal after 24 hours (the row shows it waiting).
 */
export function DepositLimits({
  kind = 'deposit',
  limits,
  onSave,
}: {
  kind?: LimitKind;
  limits: DepositLimit[];
  onSave: SaveLimit;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="form__note">{t(kindKey(kind, 'intro'))}</p>
      <ul className="rg-limits">
        {limits.map((limit) => (
          <LimitRow key={limit.period} kind={kind} limit={limit} onSave={onSave} />
        ))}
      </ul>
    </>
  );
}
