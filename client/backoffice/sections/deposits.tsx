import { useState } from 'react';
import {
  listAbandonedCallbacks,
  listDeposits,
  redeliverCallback,
  settleDeposit,
} from '../../../shared/contract/ops-money';
import { can, opsCall, pesos, when } from '../api';
import { Action, Section, State, toast, useLoad } from '../ui';

const STATUS = ['Pending', 'Success', 'Failed', 'Timeout'];

/**
 * Gateway webhooks given up after the gateway's last try whose order was never settled from a callback: a
 * player who (for a SUCCESS) paid and was never credited. Shown on top of Deposits with their count; a
 * cashier redelivers one with a reason (the server credits once however often it is pressed).
 */
function AbandonedCallbacks(props: { changed: () => Promise<unknown> }) {
  const found = useLoad(() => opsCall(listAbandonedCallbacks, {}), [], 15000);
  const rows = found.data?.list ?? [];
  if (found.error)
    return <State loading={false} error={found.error} empty={false} retry={found.reload} what="callbacks" />;
  if (rows.length === 0) return null;
  return (
    <section className="abandoned" aria-label="Abandoned gateway callbacks">
      <h3>
        Callbacks the gateway gave up on{' '}
        <output className="pill d2" aria-label={`${found.data?.count ?? 0} abandoned`}>
          {found.data?.count ?? 0}
        </output>
      </h3>
      <p className="muted">
        The gateway tried each of these {rows[0]?.tries ?? ''} times and the casino never took it. A SUCCESS one is a
        player who paid and was never credited: redeliver it once the casino is healthy.
      </p>
      <table>
        <thead>
          <tr>
            <th>Order</th>
            <th>Player</th>
            <th className="num">Amount</th>
            <th>Webhook says</th>
            <th>Order now</th>
            <th>Last answer</th>
            <th>Given up</th>
            <th>Redeliver</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.orderNo}>
              <td className="mono" data-label="Order">
                {c.orderNo}
              </td>
              <td data-label="Player">
                {c.username} <span className="muted">#{c.uid}</span>
              </td>
              <td className="num" data-label="Amount">
                {pesos(c.amount)}
              </td>
              <td data-label="Webhook says">
                <span className={`pill ${c.callbackStatus === 'SUCCESS' ? 'd1' : 'd2'}`}>{c.callbackStatus}</span>
              </td>
              <td data-label="Order now">
                <span className={`pill d${c.orderStatus}`}>{STATUS[c.orderStatus]}</span>
              </td>
              <td className="mono muted" data-label="Last answer">
                {(c.lastAnswer ?? '').slice(0, 60)}
              </td>
              <td data-label="Given up">{when(c.abandonedAt)}</td>
              <td className="actions">
                {can('money.cashier') && (
                  <Action
                    kind="primary"
                    confirm={`Redeliver the gateway callback of ${c.orderNo}?`}
                    what={`The gateway sends its ${c.callbackStatus} webhook again; the casino settles the order once, however often it arrives.`}
                    run={async (reason) => {
                      const answer = await opsCall(redeliverCallback, {
                        params: { orderNo: c.orderNo },
                        body: { reason },
                      });
                      if (answer.outcome === 'retry')
                        toast('Sent, but the casino did not take it: the gateway retries it', 'bad');
                      await Promise.all([found.reload(), props.changed()]);
                    }}
                    done="Redelivered"
                  >
                    Redeliver
                  </Action>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Deposits() {
  const [status, setStatus] = useState('0');
  const list = useLoad(() => opsCall(listDeposits, { query: { status, size: 100 } }), [status], 5000);
  const rows = list.data?.list ?? [];
  return (
    <Section
      title="Deposits"
      tools={
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label="Deposit status">
          <option value="">All</option>
          {STATUS.map((s, i) => (
            <option key={s} value={String(i)}>
              {i} {s}
            </option>
          ))}
        </select>
      }
    >
      <AbandonedCallbacks changed={list.reload} />
      <State loading={list.loading} error={list.error} empty={rows.length === 0} retry={list.reload} what="deposits" />
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Order</th>
              <th>Player</th>
              <th>Channel</th>
              <th className="num">Amount</th>
              <th className="num">Bonus</th>
              <th>Status</th>
              <th>Created / expires</th>
              <th>Callbacks</th>
              <th>Settle</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.orderNo}>
                <td className="mono">{d.orderNo}</td>
                <td>
                  {d.username} <span className="muted">#{d.uid}</span>
                </td>
                <td>{d.channel}</td>
                <td className="num">{pesos(d.amount)}</td>
                <td className="num">{pesos(d.bonus)}</td>
                <td>
                  <span className={`pill d${d.status}`}>{STATUS[d.status]}</span>
                </td>
                <td>
                  {when(d.createdAt)}
                  <div className="muted">{when(d.expiresAt)}</div>
                </td>
                <td className="num">{d.callbackCount}</td>
                <td className="actions">
                  {can('money.cashier') && (d.status === 0 || d.status === 3) && (
                    <>
                      <Action
                        kind="primary"
                        confirm={`Credit deposit ${d.orderNo} by hand?`}
                        run={async (reason) => {
                          await opsCall(settleDeposit, {
                            params: { orderNo: d.orderNo },
                            body: { status: 'SUCCESS', reason },
                          });
                          await list.reload();
                        }}
                        done="Credited"
                      >
                        Success
                      </Action>
                      {d.status === 0 && (
                        <Action
                          kind="danger"
                          confirm={`Mark deposit ${d.orderNo} failed?`}
                          run={async (reason) => {
                            await opsCall(settleDeposit, {
                              params: { orderNo: d.orderNo },
                              body: { status: 'FAILED', reason },
                            });
                            await list.reload();
                          }}
                          done="Failed"
                        >
                          Failed
                        </Action>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
