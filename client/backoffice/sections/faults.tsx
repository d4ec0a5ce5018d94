import { useState } from 'react';
import type { BodyOf } from '../../../shared/contract/define';
import { addFault, FAULT_KINDS, listFaults, removeFaults } from '../../../shared/contract/ops-tooling';
import { opsCall, when } from '../api';
import { Action, Section, State, useLoad } from '../ui';

type NewFault = BodyOf<typeof addFault>;

export function Faults() {
  const list = useLoad(() => opsCall(listFaults), [], 3000);
  const [form, setForm] = useState({
    kind: 'error',
    uid: '',
    route: '/api/user/info',
    method: '',
    ms: '1500',
    jitter: '',
    share: '0.5',
    status: '200',
    code: '20002',
    delay: '600',
    card: 'BJ',
    count: '',
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const routeKind = form.kind === 'latency' || form.kind === 'error';
  const body = (): NewFault => {
    const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
    return {
      kind: form.kind as NewFault['kind'],
      uid: n(form.uid),
      count: n(form.count),
      ...(routeKind ? { route: form.route, method: (form.method || undefined) as NewFault['method'] } : {}),
      ...(form.kind === 'latency' ? { ms: n(form.ms) } : {}),
      ...(form.kind === 'socket.delay' ? { ms: n(form.ms), jitterMs: n(form.jitter) } : {}),
      ...(form.kind === 'socket.loss' ? { probability: n(form.share) } : {}),
      ...(form.kind === 'error' ? { status: n(form.status), code: n(form.code) } : {}),
      ...(form.kind === 'deposit.late' ? { delaySeconds: n(form.delay) } : {}),
      ...(form.kind === 'poker.card' ? { card: form.card.trim().toUpperCase() } : {}),
    };
  };
  const faults = list.data?.faults ?? [];
  return (
    <Section
      title="Faults"
      tools={
        <Action
          kind="danger"
          disabled={faults.length === 0}
          run={async () => {
            await opsCall(removeFaults);
            await list.reload();
          }}
          done="All faults off"
        >
          Switch all off
        </Action>
      }
    >
      <form className="grid-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          Kind
          <select {...field('kind')}>
            {FAULT_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Player uid
          <input placeholder="everyone" inputMode="numeric" {...field('uid')} />
        </label>
        {routeKind && (
          <>
            <label>
              Route
              <input placeholder="/api/x or /api/*" {...field('route')} />
            </label>
            <label>
              Method
              <select {...field('method')}>
                <option value="">any</option>
                <option>GET</option>
                <option>POST</option>
                <option>DELETE</option>
              </select>
            </label>
          </>
        )}
        {form.kind === 'latency' && (
          <label>
            Delay ms
            <input inputMode="numeric" {...field('ms')} />
          </label>
        )}
        {form.kind === 'socket.delay' && (
          <>
            <label>
              Frame delay ms
              <input inputMode="numeric" {...field('ms')} />
            </label>
            <label>
              Jitter ± ms
              <input placeholder="none" inputMode="numeric" {...field('jitter')} />
            </label>
          </>
        )}
        {form.kind === 'socket.loss' && (
          <label>
            Share of frames lost (0-1)
            <input inputMode="decimal" {...field('share')} />
          </label>
        )}
        {form.kind === 'error' && (
          <>
            <label>
              HTTP status
              <input inputMode="numeric" {...field('status')} />
            </label>
            <label>
              Envelope code
              <input inputMode="numeric" {...field('code')} />
            </label>
          </>
        )}
        {form.kind === 'deposit.late' && (
          <label>
            Delay (virtual s)
            <input inputMode="numeric" {...field('delay')} />
          </label>
        )}
        {form.kind === 'poker.card' && (
          <label>
            Next card
            <input placeholder="AS, 10H, RJ, BJ" {...field('card')} />
          </label>
        )}
        <label>
          Times
          <input
            placeholder={
              routeKind || (form.kind.startsWith('socket.') && form.kind !== 'socket.drop') ? 'until removed' : '1'
            }
            inputMode="numeric"
            {...field('count')}
          />
        </label>
        <Action
          kind="primary"
          run={async () => {
            await opsCall(addFault, { body: body() });
            await list.reload();
          }}
          done="Fault on"
        >
          Switch on
        </Action>
      </form>
      <State
        loading={list.loading}
        error={list.error}
        empty={faults.length === 0}
        retry={list.reload}
        what="active faults"
      />
      {faults.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Kind</th>
              <th>Player</th>
              <th>Target</th>
              <th>Effect</th>
              <th>Applied / left</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {faults.map((f) => (
              <tr key={f.id}>
                <td>{f.id}</td>
                <td className="mono">{f.kind}</td>
                <td>{f.uid ?? 'everyone'}</td>
                <td className="mono">{f.route ? `${f.method ?? '*'} ${f.route}` : '—'}</td>
                <td>
                  {f.ms !== null && `+${f.ms} ms${f.jitterMs ? ` ± ${f.jitterMs}` : ''}`}
                  {f.kind === 'socket.loss' && `${Math.round(f.probability * 100)} % of frames lost`}
                  {f.code !== null && `HTTP ${f.status} code ${f.code}`}
                  {f.delaySeconds !== null && `${f.delaySeconds} s late`}
                  {f.card !== null && `draws ${f.card}`}
                </td>
                <td>
                  {f.applied} / {f.remaining ?? '∞'}
                </td>
                <td>
                  <Action
                    run={async () => {
                      await opsCall(removeFaults, { query: { id: f.id } });
                      await list.reload();
                    }}
                  >
                    Off
                  </Action>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(list.data?.heldCallbacks.length ?? 0) > 0 && (
        <p className="muted">
          Held callbacks: {list.data?.heldCallbacks.map((h) => `${h.orderNo} at ${when(h.dueAt)}`).join(', ')}
        </p>
      )}
    </Section>
  );
}
