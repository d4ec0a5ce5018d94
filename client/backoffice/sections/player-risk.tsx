import { useState } from 'react';
import {
  addPlayerNote,
  clearPlayerFlag,
  getPlayerRisk,
  RISK_FLAGS,
  type RiskFlag,
  setPlayerFlag,
} from '../../../shared/contract/ops-risk';
import { can, opsCall, when } from '../api';
import { Action, State, useLoad } from '../ui';

const KIND_TEXT = { device: 'device', ip: 'IP', wallet: 'e-wallet', payee: 'payee' } as const;

/**
 * Linked (issue 29 item 4): the other accounts sharing a device, an address, an e-wallet number or a payee
 * name with this player, the flags (set and cleared with a reason; fraud holds withdrawals) and the notes.
 */
export function PlayerRisk({ uid }: { uid: number }) {
  const risk = useLoad(() => opsCall(getPlayerRisk, { params: { uid } }), [uid]);
  const [flag, setFlag] = useState<RiskFlag>('watch');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const write = can('risk.write');
  const data = risk.data;
  const inForce = data?.flags.filter((f) => f.clearedAt === null) ?? [];
  return (
    <section aria-label="Linked">
      <h4>Linked accounts ({data?.linked.length ?? 0})</h4>
      <State
        loading={risk.loading}
        error={risk.error}
        empty={(data?.linked.length ?? 0) === 0}
        retry={risk.reload}
        what="linked accounts"
      />
      {(data?.linked.length ?? 0) > 0 && (
        <div className="table-scroll">
          <table aria-label="Linked accounts">
            <thead>
              <tr>
                <th>uid</th>
                <th>Username</th>
                <th>Shares</th>
                <th>Flags</th>
              </tr>
            </thead>
            <tbody>
              {data?.linked.map((l) => (
                <tr key={l.uid}>
                  <td className="mono">{l.uid}</td>
                  <td>
                    {l.username} {l.status === 'suspended' && <span className="pill suspended">suspended</span>}
                  </td>
                  <td>
                    {l.links.map((k) => (
                      <div key={`${k.kind}:${k.value}`}>
                        <span className="muted">{KIND_TEXT[k.kind]}</span> <span className="mono">{k.value}</span>
                      </div>
                    ))}
                  </td>
                  <td>
                    {l.flags.map((f) => (
                      <span key={f} className="pill flag">
                        {f}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Flags</h4>
      {inForce.length === 0 && <p className="muted">No flag in force.</p>}
      {data?.flags.map((f) => (
        <div key={f.id} className={f.clearedAt === null ? '' : 'muted'}>
          <span className="pill flag">{f.flag}</span> {f.reason} · {f.setBy} {when(f.setAt)}
          {f.clearedAt !== null ? (
            <>
              {' '}
              · cleared by {f.clearedBy} {when(f.clearedAt)}: {f.clearReason}
            </>
          ) : (
            write && (
              <Action
                confirm={`Clear the ${f.flag} flag of ${uid}`}
                done="Flag cleared"
                run={async (typed) => {
                  await opsCall(clearPlayerFlag, { params: { uid, flag: f.flag }, body: { reason: typed } });
                  await risk.reload();
                }}
              >
                Clear
              </Action>
            )
          )}
        </div>
      ))}
      {write && (
        <div className="inline-form">
          <select aria-label="Flag" value={flag} onChange={(e) => setFlag(e.target.value as RiskFlag)}>
            {RISK_FLAGS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          <input
            aria-label="Flag reason"
            placeholder="Reason"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
          <Action
            kind="danger"
            disabled={reason.trim().length < 3}
            title="Type a reason first"
            confirm={`Flag ${uid} as ${flag}${flag === 'fraud' ? ' (holds withdrawals)' : ''}`}
            reason={reason.trim()}
            done="Flag set"
            run={async (typed) => {
              await opsCall(setPlayerFlag, { params: { uid }, body: { flag, reason: typed } });
              setReason('');
              await risk.reload();
            }}
          >
            Flag
          </Action>
        </div>
      )}
      <h4>Notes</h4>
      {(data?.notes.length ?? 0) === 0 && <p className="muted">No notes.</p>}
      {data?.notes.map((n) => (
        <div key={n.id} className="note">
          <div className="muted">
            {n.operator} · {when(n.createdAt)}
          </div>
          <div>{n.text}</div>
        </div>
      ))}
      {write && (
        <div className="inline-form">
          <input
            aria-label="Note"
            placeholder="Add a note"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
          <Action
            disabled={note.trim() === ''}
            done="Note added"
            run={async () => {
              await opsCall(addPlayerNote, { params: { uid }, body: { text: note.trim() } });
              setNote('');
              await risk.reload();
            }}
          >
            Add note
          </Action>
        </div>
      )}
    </section>
  );
}
