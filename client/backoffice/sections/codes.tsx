import { useState } from 'react';
import type { z } from 'zod';
import { createCode, disableCode, listCodes } from '../../../shared/contract/ops-rewards';
import { opsCall, pesos, when } from '../api';
import { Action, Pager, Section, State, useLoad } from '../ui';

type Code = z.output<typeof listCodes.data>['list'][number];
type NewCode = z.input<typeof createCode.body>;

const PAGE = 20;

const rewardText = (c: Code) =>
  c.rewards
    .map((r) =>
      r.type === 'cash' ? `₱${pesos(r.amount)}` : r.type === 'coupon' ? `coupon ${r.coupon}` : `${r.amount} ${r.type}`,
    )
    .join(' + ');

const stateOf = (c: Code) => (c.disabledAt ? 'disabled' : c.expired ? 'expired' : c.left === 0 ? 'used up' : 'live');

/** Redemption codes (/ops/codes): create one, list them with their uses, switch one off. */
export function Codes() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad(() => opsCall(listCodes, { query: { q: search, page, size: PAGE } }), [search, page]);
  const rows = list.data?.list ?? [];
  return (
    <Section
      title="Redemption codes"
      tools={
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setSearch(q.trim());
          }}
        >
          <input aria-label="Find code" placeholder="Part of a code" value={q} onChange={(e) => setQ(e.target.value)} />
          <button type="submit" className="btn">
            Find
          </button>
        </form>
      }
    >
      <NewCodeForm onDone={list.reload} />
      <State loading={list.loading} error={list.error} empty={rows.length === 0} retry={list.reload} what="codes" />
      {rows.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Code</th>
                <th>Rewards</th>
                <th className="num">Used</th>
                <th>Min VIP</th>
                <th className="num">Wagering</th>
                <th>Expires</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className="mono">
                    {c.code} {c.remark && <span className="muted">{c.remark}</span>}
                  </td>
                  <td>{rewardText(c)}</td>
                  <td className="num">
                    {c.used} / {c.totalUses}
                  </td>
                  <td>{c.minVip}</td>
                  <td className="num">{c.turnoverMultiple > 0 ? `${c.turnoverMultiple}×` : 'none'}</td>
                  <td>{when(c.expiresAt)}</td>
                  <td>
                    <span className={`pill ${stateOf(c) === 'live' ? 'active' : 'suspended'}`}>{stateOf(c)}</span>
                  </td>
                  <td>
                    {!c.disabledAt && (
                      <Action
                        kind="danger"
                        done={`${c.code} disabled`}
                        run={async () => {
                          await opsCall(disableCode, { params: { id: c.id }, body: {} });
                          await list.reload();
                        }}
                      >
                        Disable
                      </Action>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} size={PAGE} total={list.data?.total ?? 0} onPage={setPage} />
    </Section>
  );
}

function NewCodeForm(props: { onDone: () => Promise<void> }) {
  const [form, setForm] = useState({
    code: '',
    cash: '',
    points: '',
    energy: '',
    coupon: '',
    uses: '100',
    minVip: '0',
    wagering: '',
    expires: '',
    remark: '',
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const rewards: NewCode['rewards'] = [
    ...(Number(form.cash) > 0 ? [{ type: 'cash' as const, amount: Number(form.cash) }] : []),
    ...(Number(form.points) > 0 ? [{ type: 'point' as const, amount: Number(form.points) }] : []),
    ...(Number(form.energy) > 0 ? [{ type: 'energy' as const, amount: Number(form.energy) }] : []),
    ...(form.coupon.trim() ? [{ type: 'coupon' as const, amount: 1, coupon: form.coupon.trim() }] : []),
  ];
  return (
    <form className="grid-form" aria-label="New code" onSubmit={(e) => e.preventDefault()}>
      <label>
        Code
        <input required maxLength={32} {...field('code')} />
      </label>
      <label>
        Cash (₱)
        <input inputMode="decimal" size={8} {...field('cash')} />
      </label>
      <label>
        Points
        <input inputMode="numeric" size={6} {...field('points')} />
      </label>
      <label>
        Energy
        <input inputMode="numeric" size={6} {...field('energy')} />
      </label>
      <label>
        Coupon template
        <input maxLength={32} size={10} {...field('coupon')} />
      </label>
      <label>
        Uses
        <input inputMode="numeric" size={6} {...field('uses')} />
      </label>
      <label>
        Min VIP
        <input inputMode="numeric" size={3} {...field('minVip')} />
      </label>
      <label title="The cash must be bet this many times before it can be withdrawn; empty: the server's default">
        Wagering (× cash)
        <input inputMode="numeric" size={3} placeholder="default" {...field('wagering')} />
      </label>
      <label>
        Expires (Manila)
        <input type="datetime-local" {...field('expires')} />
      </label>
      <label>
        Remark
        <input maxLength={200} {...field('remark')} />
      </label>
      <Action
        kind="primary"
        disabled={form.code.trim().length < 3 || rewards.length === 0 || !(Number(form.uses) > 0)}
        title="A code, a reward and a number of uses"
        done="Code created"
        run={async () => {
          const body: NewCode = {
            code: form.code.trim(),
            rewards,
            totalUses: Number(form.uses),
            minVip: Number(form.minVip) || 0,
            ...(form.wagering.trim() ? { turnoverMultiple: Number(form.wagering) } : {}),
            remark: form.remark.trim(),
            ...(form.expires ? { expiresAt: `${form.expires}:00+08:00` } : {}),
          };
          await opsCall(createCode, { body });
          setForm({ ...form, code: '', remark: '' });
          await props.onDone();
        }}
      >
        Create code
      </Action>
    </form>
  );
}
