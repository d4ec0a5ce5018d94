import { useState } from 'react';
import { listDeposits, settleDeposit } from '../../../shared/contract/ops-money';
import { can, opsCall, pesos, when } from '../api';
import { Action, Section, State, useLoad } from '../ui';

const STATUS = ['Pending', 'Success', 'Failed', 'Timeout'];

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
