import { useState } from 'react';
import type { z } from 'zod';
import type { opsResponsibleState } from '../../../shared/contract/responsible';
import { get, pesos, post, when } from '../api';
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

const limitText = (l: Responsible['depositLimits'][number]) =>
  `${l.amount === null ? 'no limit' : `₱${pesos(l.amount)}`} · used ₱${pesos(l.used)}${
    l.pending
      ? ` · ${l.pending.amount === null ? 'removed' : `₱${pesos(l.pending.amount)}`} from ${when(l.pending.effectiveAt)}`
      : ''
  }`;

/**
 * A player's responsible-gaming state (docs/responsible-gaming.md) and a break set for a player who asked
 * support: a typed reason and a confirmation, since it cannot be lifted, not even from here.
 */
export function PlayerResponsible(props: { uid: number }) {
  const { uid } = props;
  const state = useLoad(() => get<Responsible>(`/ops/users/${uid}/responsible`), [uid]);
  const [kind, setKind] = useState<Kind>('cooloff');
  const [length, setLength] = useState<string>('24h');
  const [reason, setReason] = useState('');
  const s = state.data;
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
        <select aria-label="Break length" value={length} onChange={(e) => setLength(e.target.value)}>
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
          run={async () => {
            const label = LENGTHS[kind].find(([value]) => value === length)?.[1] ?? length;
            if (
              !window.confirm(
                `Start a ${label} ${kind === 'cooloff' ? 'cool-off' : 'self-exclusion'}? It cannot be lifted early, not even by support.`,
              )
            )
              return;
            await post(`/ops/users/${uid}/responsible/break`, { kind, length, reason: reason.trim() });
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
