import { useState } from 'react';
import type { BodyOf } from '../../../shared/contract/define';
import { listSentLetters, sendLetter } from '../../../shared/contract/ops-inbox';
import { opsCall, when } from '../api';
import { Action, Section, State, useLoad } from '../ui';

/** Letters (POST/GET /ops/letters): to one player or to all (valid for later sign-ups), with rewards. */
export function Letters() {
  const [to, setTo] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [titleVi, setTitleVi] = useState('');
  const [contentEn, setContentEn] = useState('');
  const [contentVi, setContentVi] = useState('');
  const [cash, setCash] = useState('');
  const [coupon, setCoupon] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const sent = useLoad(() => opsCall(listSentLetters, { query: { size: 50 } }), []);
  const rows = sent.data?.list ?? [];
  const all = to.trim().toLowerCase() === 'all';
  const body = (): BodyOf<typeof sendLetter> => ({
    ...(all ? { all: true as const } : { uid: Number(to.trim()) }),
    titleEn: titleEn.trim(),
    ...(titleVi.trim() ? { titleVi: titleVi.trim() } : {}),
    contentEn: contentEn.trim(),
    ...(contentVi.trim() ? { contentVi: contentVi.trim() } : {}),
    rewards: [
      ...(Number(cash) > 0 ? [{ type: 'cash' as const, amount: Number(cash) }] : []),
      ...(coupon.trim() ? [{ type: 'coupon' as const, amount: 1, coupon: coupon.trim() }] : []),
    ],
    ...(all && validUntil ? { validUntil: new Date(validUntil).toISOString() } : {}),
  });
  return (
    <Section title="Letters">
      <form className="stack-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          To (a player's uid, or "all")
          <input value={to} onChange={(e) => setTo(e.target.value)} placeholder="12345678 or all" />
        </label>
        <label>
          Title (English)
          <input value={titleEn} maxLength={80} onChange={(e) => setTitleEn(e.target.value)} />
        </label>
        <label>
          Title (Vietnamese, optional)
          <input value={titleVi} maxLength={80} onChange={(e) => setTitleVi(e.target.value)} />
        </label>
        <label>
          Text (English, Markdown)
          <textarea value={contentEn} rows={3} onChange={(e) => setContentEn(e.target.value)} />
        </label>
        <label>
          Text (Vietnamese, optional)
          <textarea value={contentVi} rows={3} onChange={(e) => setContentVi(e.target.value)} />
        </label>
        <label>
          Cash reward (pesos, optional)
          <input inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} />
        </label>
        <label>
          Coupon reward (template code, optional)
          <input value={coupon} onChange={(e) => setCoupon(e.target.value)} placeholder="RELOAD20" />
        </label>
        {all && (
          <label>
            Valid until (players who sign up before then receive it too; default 7 days)
            <input type="datetime-local" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
          </label>
        )}
        <Action
          kind="primary"
          done="Letter sent"
          disabled={!to.trim() || !titleEn.trim() || !contentEn.trim()}
          run={async () => {
            await opsCall(sendLetter, { body: body() });
            await sent.reload();
          }}
        >
          Send
        </Action>
      </form>
      <State loading={sent.loading} error={sent.error} empty={rows.length === 0} retry={sent.reload} what="letters" />
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Sent</th>
              <th>To</th>
              <th>Title</th>
              <th>Rewards</th>
              <th>Recipients</th>
              <th>Read</th>
              <th>Claimed</th>
              <th>Valid until</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id}>
                <td>{when(l.createdAt)}</td>
                <td className="mono">{l.audience === 'all' ? 'all' : l.uid}</td>
                <td>{l.titleEn}</td>
                <td>{l.rewards.map((r) => `${r.type} ${r.amount}`).join(', ')}</td>
                <td>{l.recipients}</td>
                <td>{l.read}</td>
                <td>{l.claimed}</td>
                <td>{when(l.validUntil)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
