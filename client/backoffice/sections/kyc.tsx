import { useState } from 'react';
import type { z } from 'zod';
import type { listKyc } from '../../../shared/contract/ops-money';
import { can, get, post, when } from '../api';
import { Action, Pager, PickRow, Section, State, useLoad } from '../ui';

type Submission = z.output<typeof listKyc.data>['list'][number];
type Status = 'pending' | 'verified' | 'rejected' | '';

const PAGE = 20;

/** The identity-verification queue (/ops/kyc): oldest pending first; view one, verify or reject with a reason. */
export function Kyc() {
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useLoad(
    () => get<z.output<typeof listKyc.data>>('/ops/kyc', { status, page, size: PAGE }),
    [status, page],
  );
  const rows = list.data?.list ?? [];
  const chosen = rows.find((r) => r.uid === selected);
  return (
    <Section
      title="Identity verification"
      tools={
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setPage(1);
          }}
        >
          <option value="pending">Pending</option>
          <option value="verified">Verified</option>
          <option value="rejected">Rejected</option>
          <option value="">All</option>
        </select>
      }
    >
      <div className="split">
        <div>
          <State
            loading={list.loading}
            error={list.error}
            empty={rows.length === 0}
            retry={list.reload}
            what={status ? `${status} verifications` : 'verifications'}
          />
          {rows.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>Player</th>
                  <th>Name</th>
                  <th>Submitted</th>
                  <th>State</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((k) => (
                  <PickRow key={k.id} selected={k.uid === selected} onPick={() => setSelected(k.uid)}>
                    <td>
                      {k.username} <span className="mono muted">{k.uid}</span>
                    </td>
                    <td>{k.realName}</td>
                    <td>{when(k.submittedAt)}</td>
                    <td>
                      <span
                        className={`pill ${k.status === 'verified' ? 'active' : k.status === 'rejected' ? 'suspended' : 's0'}`}
                      >
                        {k.status}
                      </span>
                    </td>
                  </PickRow>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} size={PAGE} total={list.data?.total ?? 0} onPage={setPage} />
        </div>
        {chosen && <Decision key={chosen.id} k={chosen} onDone={list.reload} />}
      </div>
    </Section>
  );
}

function Decision(props: { k: Submission; onDone: () => Promise<void> }) {
  const { k } = props;
  const [reason, setReason] = useState('');
  const decide = async (decision: 'verified' | 'rejected', typed: string) => {
    await post(`/ops/kyc/${k.uid}/decide`, { decision, reason: typed });
    await props.onDone();
  };
  return (
    <section className="detail" aria-label={`Verification of ${k.username}`}>
      <h3>
        {k.username} <span className="muted">#{k.uid}</span>
      </h3>
      <dl>
        <dt>Real name</dt>
        <dd>{k.realName}</dd>
        <dt>Birth date</dt>
        <dd>
          {k.birthDate} <span className={k.age < 21 ? 'warn' : 'muted'}>({k.age} years)</span>
        </dd>
        <dt>ID</dt>
        <dd className="mono">
          {k.idType} {k.idNumber}
        </dd>
        <dt>Registered</dt>
        <dd>{when(k.registeredAt)}</dd>
        <dt>Deadline</dt>
        <dd>{when(k.deadline)}</dd>
        <dt>State</dt>
        <dd>
          {k.status} {k.reason && <span className="muted">({k.reason})</span>}
          {k.decidedBy && (
            <span className="muted">
              {' '}
              by {k.decidedBy}, {when(k.decidedAt)}
            </span>
          )}
        </dd>
      </dl>
      {k.status === 'pending' && can('kyc.decide') && (
        <div className="inline-form">
          <input
            aria-label="Rejection reason"
            placeholder="Reason (shown to the player)"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Action
            kind="primary"
            done="Identity verified"
            confirm={`Approve the identity of ${k.username}?`}
            run={(typed) => decide('verified', typed)}
          >
            Approve
          </Action>
          <Action
            kind="danger"
            disabled={!reason.trim()}
            title="Type a reason first"
            done="Identity rejected"
            confirm={`Reject the identity of ${k.username}? (the reason is shown to the player)`}
            reason={reason.trim()}
            run={(typed) => decide('rejected', typed)}
          >
            Reject
          </Action>
        </div>
      )}
    </section>
  );
}
