import { useState } from 'react';
import type { z } from 'zod';
import {
  opsResponsibleBreak,
  opsResponsiblePlayLimit,
  opsResponsibleState,
} from '../../../shared/contract/responsible';
import { opsCall, pesos, when } from '../api';
import { Action, State, useLoad } from '../ui';

type Responsible = z.output<typeof opsResponsibleState.data>;

/** The lengths support may choose, by kind (shared/contract/responsible.ts BREAK_LENGTHS). */
const LENGTHS = {
  cooloff: [
    ['24h', '24 hours'],
    ['7d', '7 days'],
    ['30d', '30 days'],
    ['6w', '6 weeks'],
  ],
  exclusion: [
    ['6m', '6 months'],
    ['1y', '1 year'],
    ['5y', '5 years'],
    ['permanent', 'permanent'],
  ],
} as const;
type Kind = keyof typeof LENGTHS;
/** A break's length, as the contract names it. */
type Length = (typeof LENGTHS)[Kind][number][0];

const limitText = (l: Responsible['depositLimits'][number]) =>
  `${l.amount === null ? 'no limit' : `₱${pesos(l.amount)}`} · used ₱${pesos(l.used)}${
    l.pending
      ? ` · ${l.pending.amount === null ? 'removed' : `₱${pesos(l.pending.amount)}`} from ${when(l.pending.effectiveAt)}`
      : ''
  }`;

/**
 * A loss or wager limit set for a player who asked support: a typed reason and a confirmation. The player's
 * own change rule holds: a lower limit applies at once, a raise or a removal after 24 hours.
 */
function PlayLimitForm({ uid, onDone }: { uid: number; onDone(): Promise<void> }) {
  const [kind, setKind] = useState<'loss' | 'wager'>('loss');
  const [period, setPeriod] = useState<'day' | 'week' | 'month'>('day');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const typed = amount.trim() === '' ? null : Number(amount);
  const valid = typed === null || (Number.isFinite(typed) && typed > 0 && /^\d+(\.\d{1,2})?$/.test(amount.trim()));
  const limitName = `${period === 'day' ? 'daily' : `${period}ly`} ${kind} limit`;
  return (
    <div className="inline-form">
      <select aria-label="Limit kind" value={kind} onChange={(e) => setKind(e.target.value as 'loss' | 'wager')}>
        <option value="loss">Loss limit</option>
        <option value="wager">Wager limit</option>
      </select>
      <select
        aria-label="Limit period"
        value={period}
        onChange={(e) => setPeriod(e.target.value as 'day' | 'week' | 'month')}
      >
        <option value="day">day</option>
        <option value="week">week</option>
        <option value="month">month</option>
      </select>
      <input
        aria-label="Limit amount"
        placeholder="₱ (empty removes)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <input
        aria-label="Limit reason"
        placeholder="Reason (the player's request)"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      <Action
        disabled={reason.trim().length < 3 || !valid}
        title="Type the player's request and an amount (at most two decimals) first"
        done="Limit saved"
        confirm={typed === null ? `Remove the ${limitName}?` : `Set the ${limitName} to ₱${pesos(typed)}?`}
        what={
          typed === null
            ? 'A removal applies after 24 hours.'
            : 'A lower limit applies at once, a higher one after 24 hours.'
        }
        reason={reason.trim()}
        run={async (confirmed) => {
          await opsCall(opsResponsiblePlayLimit, {
            params: { uid },
            body: { kind, period, amount: typed, reason: confirmed },
          });
          setReason('');
          setAmount('');
          await onDone();
        }}
      >
        Save limit
      </Action>
    </div>
  );
}

/**
 * A player's responsible-gaming state (docs/responsible-gaming.md) and a break set for a player who asked
 * support: a typed reason and a confirmation, since it cannot be lifted, not even from here.
 */
export function PlayerResponsible(props: { uid: number }) {
  const { uid } = props;
  const state = useLoad(() => opsCall(opsResponsibleState, { params: { uid } }), [uid]);
  const [kind, setKind] = useState<Kind>('cooloff');
  const [length, setLength] = useState<Length>('24h');
  const [reason, setReason] = useState('');
  const s = state.data;
  const breakLabel = LENGTHS[kind].find(([value]) => value === length)?.[1] ?? length;
  return (
    <>
      <h4>Responsible gaming</h4>
      {!s ? (
        <State loading={state.loading} error={state.error} empty retry={state.reload} what="limits" />
      ) : (
        <dl aria-label="Responsible gaming">
          {s.depositLimits.map((l) => (
            <div key={l.period} className="dl-row">
              <dt>Deposit limit, {l.period}</dt>
              <dd>{limitText(l)}</dd>
            </div>
          ))}
          {s.lossLimits.map((l) => (
            <div key={`loss-${l.period}`} className="dl-row">
              <dt>Loss limit, {l.period}</dt>
              <dd>{limitText(l)}</dd>
            </div>
          ))}
          {s.wagerLimits.map((l) => (
            <div key={`wager-${l.period}`} className="dl-row">
              <dt>Wager limit, {l.period}</dt>
              <dd>{limitText(l)}</dd>
            </div>
          ))}
          <dt>Reality check</dt>
          <dd>{s.realityCheckMinutes === 0 ? 'off' : `every ${s.realityCheckMinutes} min`}</dd>
          <dt>Break</dt>
          <dd>
            {s.playBreak ? (
              <span className="pill suspended">
                {s.playBreak.until === null
                  ? 'permanent self-exclusion'
                  : `${s.playBreak.kind === 'cooloff' ? 'cool-off' : 'self-exclusion'} until ${when(s.playBreak.until)}`}
              </span>
            ) : (
              'none'
            )}
          </dd>
        </dl>
      )}
      <PlayLimitForm uid={uid} onDone={state.reload} />
      <div className="inline-form">
        <select
          aria-label="Break kind"
          value={kind}
          onChange={(e) => {
            const next = e.target.value as Kind;
            setKind(next);
            setLength(LENGTHS[next][0][0]);
          }}
        >
          <option value="cooloff">Cool-off</option>
          <option value="exclusion">Self-exclusion</option>
        </select>
        <select aria-label="Break length" value={length} onChange={(e) => setLength(e.target.value as Length)}>
          {LENGTHS[kind].map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <input
          aria-label="Break reason"
          placeholder="Reason (the player's request)"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
        <Action
          kind="danger"
          disabled={reason.trim().length < 3}
          title="Type the player's request first"
          done="Break started"
          confirm={`Start a ${breakLabel} ${kind === 'cooloff' ? 'cool-off' : 'self-exclusion'}?`}
          what="It cannot be lifted early, not even by support."
          reason={reason.trim()}
          run={async (confirmed) => {
            await opsCall(opsResponsibleBreak, { params: { uid }, body: { kind, length, reason: confirmed } });
            setReason('');
            await state.reload();
          }}
        >
          Start break
        </Action>
      </div>
    </>
  );
}
