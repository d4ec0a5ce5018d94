import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { KYC_DOCUMENT_KINDS, type KycDocumentKind } from '../../../shared/contract/kyc';
import { decideKyc, listKyc } from '../../../shared/contract/ops-money';
import { can, getBlob, opsCall, when } from '../api';
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
    () => opsCall(listKyc, { query: { status: status || undefined, page, size: PAGE } }),
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

const KIND_LABELS: Record<KycDocumentKind, string> = { idFront: 'ID front', idBack: 'ID back', selfie: 'Selfie' };

/** One KYC photo, fetched as a blob with the operator's session (never cached), shown until unmounted. */
function DocumentImage({
  uid,
  kind,
  doc,
}: {
  uid: number;
  kind: KycDocumentKind;
  doc: Submission['documents'][KycDocumentKind];
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    let objectUrl: string | null = null;
    let gone = false;
    getBlob(`/ops/kyc/${uid}/documents/${kind}`)
      .then((blob) => {
        if (gone) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((e: Error) => !gone && setError(e.message));
    return () => {
      gone = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [uid, kind, doc]);
  return (
    <figure className="kyc-doc" data-testid={`kyc-doc-${kind}`}>
      {!doc ? (
        <div className="kyc-doc__missing">Not uploaded</div>
      ) : error ? (
        <div className="kyc-doc__missing warn">{error}</div>
      ) : url ? (
        <a href={url} target="_blank" rel="noreferrer" title="Open full size">
          <img src={url} alt={`${KIND_LABELS[kind]} of player ${uid}`} />
        </a>
      ) : (
        <div className="kyc-doc__missing muted">Loading…</div>
      )}
      <figcaption>
        {KIND_LABELS[kind]}
        {doc && (
          <span className="muted">
            {' '}
            · {Math.ceil(doc.size / 1024)} KB · {when(doc.uploadedAt)}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

function Decision(props: { k: Submission; onDone: () => Promise<void> }) {
  const { k } = props;
  const [reason, setReason] = useState('');
  const [retake, setRetake] = useState<KycDocumentKind[]>([]);
  const decide = async (decision: 'verified' | 'rejected', typed: string) => {
    await opsCall(decideKyc, {
      params: { uid: k.uid },
      body: { decision, reason: typed, ...(decision === 'rejected' ? { retake } : {}) },
    });
    await props.onDone();
  };
  return (
    <section className="detail" aria-label={`Verification of ${k.username}`}>
      <h3>
        {k.username} <span className="muted">#{k.uid}</span>
      </h3>
      {can('kyc.documents') ? (
        <div className="kyc-docs">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <DocumentImage key={kind} uid={k.uid} kind={kind} doc={k.documents[kind]} />
          ))}
        </div>
      ) : (
        <p className="muted">Your role cannot see the ID photos.</p>
      )}
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
          <fieldset className="kyc-retake">
            <legend>On rejection, ask for a new photo of</legend>
            {KYC_DOCUMENT_KINDS.map((kind) => (
              <label key={kind}>
                <input
                  type="checkbox"
                  checked={retake.includes(kind)}
                  onChange={(e) => setRetake((r) => (e.target.checked ? [...r, kind] : r.filter((x) => x !== kind)))}
                />{' '}
                {KIND_LABELS[kind]}
              </label>
            ))}
          </fieldset>
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
