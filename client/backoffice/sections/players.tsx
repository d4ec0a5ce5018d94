import { useState } from 'react';
import {
  getUser,
  listUserSessions,
  listUsers,
  revokeUserSession,
  revokeUserSessions,
  setUserStatus,
} from '../../../shared/contract/ops';
import { adjustBalance, decideKyc, listKyc, userJournal } from '../../../shared/contract/ops-money';
import { can, opsCall, pesos, when } from '../api';
import { Action, Pager, PickRow, Section, State, useLoad } from '../ui';
import { PlayerResponsible } from './player-responsible';
import { PlayerRisk } from './player-risk';

const JOURNAL_PAGE = 20;

export function Players() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useLoad(() => opsCall(listUsers, { query: { q: search, limit: 50 } }), [search]);
  const rows = list.data ?? [];
  return (
    <Section title="Players">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
        }}
      >
        <input
          aria-label="Find player"
          placeholder="Username, phone or uid"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn primary">
          Find
        </button>
      </form>
      <div className="split">
        <div>
          <State
            loading={list.loading}
            error={list.error}
            empty={rows.length === 0}
            retry={list.reload}
            what="players"
          />
          {rows.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>uid</th>
                  <th>Username</th>
                  <th>Phone</th>
                  <th>VIP</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <PickRow key={p.uid} selected={p.uid === selected} onPick={() => setSelected(p.uid)}>
                    <td className="mono">{p.uid}</td>
                    <td>{p.username}</td>
                    <td className="mono">{p.phoneNumber}</td>
                    <td>{p.vip}</td>
                    <td>
                      <span className={`pill ${p.status}`}>{p.status}</span>
                      {p.flags.map((f) => (
                        <span key={f} className="pill flag" title="Risk flag">
                          {f}
                        </span>
                      ))}
                    </td>
                  </PickRow>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {selected !== null && <PlayerDetail key={selected} uid={selected} onChange={list.reload} />}
      </div>
    </Section>
  );
}

function PlayerDetail(props: { uid: number; onChange: () => Promise<void> }) {
  const { uid } = props;
  const player = useLoad(() => opsCall(getUser, { params: { uid } }), [uid]);
  const [journalPage, setJournalPage] = useState(1);
  const journal = useLoad(
    () => opsCall(userJournal, { params: { uid }, query: { page: journalPage, size: JOURNAL_PAGE } }),
    [uid, journalPage],
  );
  const balance = useLoad(() => opsCall(userJournal, { params: { uid }, query: { size: 1 } }), [uid]);
  const sessions = useLoad(() => opsCall(listUserSessions, { params: { uid }, query: { limit: 10 } }), [uid]);
  const kyc = useLoad(() => opsCall(listKyc, { query: { uid, size: 5 } }), [uid]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const p = player.data;
  const last = balance.data?.list[0];
  const submission = kyc.data?.list[0];
  const refresh = async () => {
    await Promise.all([
      player.reload(),
      journal.reload(),
      balance.reload(),
      kyc.reload(),
      sessions.reload(),
      props.onChange(),
    ]);
  };
  if (!p) return <State loading={player.loading} error={player.error} empty retry={player.reload} what="player" />;
  return (
    <section className="detail" aria-label={`Player ${p.username}`}>
      <h3>
        {p.username} <span className="muted">#{p.uid}</span>
      </h3>
      <dl>
        <dt>Status</dt>
        <dd>
          <span className={`pill ${p.status}`}>{p.status}</span> {p.statusReason}
        </dd>
        <dt>Balance</dt>
        <dd>
          {last ? pesos(last.balanceAfter) : '0.00'}{' '}
          <span className="muted">frozen {last ? pesos(last.frozenAfter) : '0.00'}</span>
        </dd>
        <dt>Phone</dt>
        <dd className="mono">{p.phoneNumber}</dd>
        <dt>Registered</dt>
        <dd>{when(p.createdAt)}</dd>
        <dt>Superior</dt>
        <dd>{p.superiorUid ?? '—'}</dd>
        <dt>KYC</dt>
        <dd>
          {submission ? (
            <>
              <span className="pill">{submission.status}</span> {submission.realName} · {submission.birthDate} ·{' '}
              {submission.idType} {submission.idNumber}
              {submission.reason && <span className="muted"> ({submission.reason})</span>}
            </>
          ) : (
            'not submitted'
          )}
        </dd>
      </dl>
      <div className="actions">
        {!can('players.status') ? null : p.status === 'active' ? (
          <Action
            kind="danger"
            confirm={`Suspend player ${uid}?`}
            reason={reason}
            run={async (typed) => {
              await opsCall(setUserStatus, { params: { uid }, body: { status: 'suspended', reason: typed } });
              await refresh();
            }}
            done="Suspended"
          >
            Suspend
          </Action>
        ) : (
          <Action
            confirm={`Reactivate player ${uid}?`}
            run={async (typed) => {
              await opsCall(setUserStatus, { params: { uid }, body: { status: 'active', reason: typed } });
              await refresh();
            }}
            done="Reactivated"
          >
            Reactivate
          </Action>
        )}
        <Action
          disabled={!can('players.status')}
          run={async () => {
            await opsCall(revokeUserSessions, { params: { uid }, body: {} });
            await refresh();
          }}
          done="Every session ended"
        >
          End all sessions
        </Action>
        {submission?.status === 'pending' && can('kyc.decide') && (
          <>
            <Action
              kind="primary"
              confirm={`Verify the identity of player ${uid}?`}
              run={async (typed) => {
                await opsCall(decideKyc, { params: { uid }, body: { decision: 'verified', reason: typed } });
                await refresh();
              }}
              done="Identity verified"
            >
              Verify identity
            </Action>
            <Action
              kind="danger"
              disabled={!reason.trim()}
              title="Type a reason first"
              confirm={`Reject the identity of player ${uid}?`}
              reason={reason.trim()}
              run={async (typed) => {
                await opsCall(decideKyc, { params: { uid }, body: { decision: 'rejected', reason: typed } });
                await refresh();
              }}
              done="Identity rejected"
            >
              Reject identity
            </Action>
          </>
        )}
      </div>
      {can('money.adjust') && (
        <div className="inline-form">
          <input
            aria-label="Adjust amount"
            placeholder="± pesos"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <input
            aria-label="Reason"
            placeholder="Reason"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
          <Action
            disabled={!Number(amount) || !reason.trim()}
            confirm={`Adjust the balance of player ${uid} by ${amount} pesos?`}
            reason={reason.trim()}
            run={async (typed) => {
              await opsCall(adjustBalance, { params: { uid }, body: { amount: Number(amount), reason: typed } });
              setAmount('');
              await refresh();
            }}
            done="Balance adjusted"
          >
            Adjust
          </Action>
        </div>
      )}
      {can('responsible.read') && <PlayerResponsible uid={uid} />}
      {can('risk.read') && <PlayerRisk uid={uid} />}
      <h4>Sessions</h4>
      <State
        loading={sessions.loading}
        error={sessions.error}
        empty={(sessions.data?.length ?? 0) === 0}
        retry={sessions.reload}
        what="sessions"
      />
      {(sessions.data?.length ?? 0) > 0 && (
        <div className="table-scroll">
          <table aria-label="Sessions">
            <thead>
              <tr>
                <th>Login</th>
                <th>Last seen</th>
                <th>Device</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {sessions.data?.map((s) => (
                <tr key={s.id}>
                  <td>{when(s.createdAt)}</td>
                  <td>{when(s.lastSeenAt)}</td>
                  <td>
                    <span className="mono">{s.ip}</span> {s.deviceId}
                    <div className="muted">{s.userAgent}</div>
                  </td>
                  <td>
                    {s.live ? (
                      <span className="pill active">live</span>
                    ) : (
                      <span className="muted">{s.revokeReason || 'timed out'}</span>
                    )}
                  </td>
                  <td>
                    {s.live && (
                      <Action
                        kind="danger"
                        done="Session ended"
                        run={async () => {
                          await opsCall(revokeUserSession, { params: { uid, id: s.id }, body: {} });
                          await sessions.reload();
                        }}
                      >
                        End
                      </Action>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Journal ({journal.data?.total ?? 0})</h4>
      <State
        loading={journal.loading}
        error={journal.error}
        empty={(journal.data?.list.length ?? 0) === 0}
        retry={journal.reload}
        what="journal rows"
      />
      {(journal.data?.list.length ?? 0) > 0 && (
        <table>
          <thead>
            <tr>
              <th>Type</th>
              <th className="num">Amount</th>
              <th className="num">Balance</th>
              <th>Reference</th>
              <th>At</th>
            </tr>
          </thead>
          <tbody>
            {journal.data?.list.map((j) => (
              <tr key={j.id}>
                <td>{j.type}</td>
                <td className="num">{pesos(j.amount)}</td>
                <td className="num">{pesos(j.balanceAfter)}</td>
                <td className="mono">
                  {j.reference} <span className="muted">{j.remark}</span>
                </td>
                <td>{when(j.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={journalPage} size={JOURNAL_PAGE} total={journal.data?.total ?? 0} onPage={setJournalPage} />
    </section>
  );
}
