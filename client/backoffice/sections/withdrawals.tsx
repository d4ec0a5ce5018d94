import { useState } from 'react';
import {
  listWithdrawals,
  payoutWithdrawal,
  rejectWithdrawal,
  reviewWithdrawal,
} from '../../../shared/contract/ops-money';
import { can, opsCall, pesos, when } from '../api';
import { Action, Section, State, useLoad } from '../ui';

export const WITHDRAW_STATUS = ['Pending', 'Reviewed', 'Success', 'Failed', 'Rejected', 'Exception', 'Processing'];

/** The review queue: Pending first; review, reject with a reason, and mark payout results. */
export function Withdrawals() {
  const [status, setStatus] = useState('0');
  const list = useLoad(() => opsCall(listWithdrawals, { query: { status, size: 100 } }), [status], 5000);
  const rows = list.data?.list ?? [];
  const act = async (call: Promise<unknown>) => {
    await call;
    await list.reload();
  };
  return (
    <Section
      title="Withdrawals"
      tools={
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label="Withdrawal status">
            <option value="">All</option>
            {WITHDRAW_STATUS.map((s, i) => (
              <option key={s} value={String(i)}>
                {i} {s}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <State
        loading={list.loading}
        error={list.error}
        empty={rows.length === 0}
        retry={list.reload}
        what="withdrawals"
      />
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Order</th>
              <th>Player</th>
              <th className="num">Amount</th>
              <th>Wallet</th>
              <th>KYC name</th>
              <th>Status</th>
              <th>Created</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.orderNo} data-order={w.orderNo}>
                <td className="mono">{w.orderNo}</td>
                <td>
                  {w.username}{' '}
                  <span className="muted">
                    #{w.uid} · VIP {w.vip}
                  </span>
                </td>
                <td className="num">{pesos(w.amount)}</td>
                <td>
                  {w.bank} {w.account}
                  <div className={w.walletName === w.kycName ? 'muted' : 'warn'}>{w.walletName}</div>
                </td>
                <td>{w.kycName || <span className="warn">not verified</span>}</td>
                <td>
                  <span className={`pill s${w.status}`}>{WITHDRAW_STATUS[w.status]}</span>
                  {w.remark && <div className="muted">{w.remark}</div>}
                  {w.status === 6 && w.payoutDueAt && <div className="muted">gateway at {when(w.payoutDueAt)}</div>}
                </td>
                <td>{when(w.createdAt)}</td>
                <td className="actions">
                  {can('money.cashier') && (w.status === 0 || w.status === 1) && (
                    <>
                      <Action
                        kind="primary"
                        confirm={`Approve withdrawal ${w.orderNo} and send it to payout?`}
                        run={(reason) =>
                          act(opsCall(reviewWithdrawal, { params: { orderNo: w.orderNo }, body: { reason } }))
                        }
                        done="Sent to payout"
                      >
                        Approve
                      </Action>
                      <Reject orderNo={w.orderNo} onDone={list.reload} />
                    </>
                  )}
                  {can('money.cashier') && (w.status === 6 || w.status === 5) && (
                    <>
                      <Action
                        kind="primary"
                        confirm={`Mark withdrawal ${w.orderNo} paid?`}
                        run={(reason) =>
                          act(
                            opsCall(payoutWithdrawal, {
                              params: { orderNo: w.orderNo },
                              body: { result: 'success', reason },
                            }),
                          )
                        }
                        done="Marked paid"
                      >
                        Paid
                      </Action>
                      <Action
                        kind="danger"
                        confirm={`Mark withdrawal ${w.orderNo} failed and return the money? (the reason is shown to the player)`}
                        reason="Payout failed"
                        run={(reason) =>
                          act(
                            opsCall(payoutWithdrawal, {
                              params: { orderNo: w.orderNo },
                              body: { result: 'failed', reason },
                            }),
                          )
                        }
                        done="Marked failed, money returned"
                      >
                        Failed
                      </Action>
                      {w.status === 6 && (
                        <Action
                          confirm={`Mark withdrawal ${w.orderNo} as an exception?`}
                          reason="Payout not confirmed"
                          run={(reason) =>
                            act(
                              opsCall(payoutWithdrawal, {
                                params: { orderNo: w.orderNo },
                                body: { result: 'exception', reason },
                              }),
                            )
                          }
                        >
                          Exception
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

function Reject(props: { orderNo: string; onDone: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <button type="button" className="btn danger" onClick={() => setOpen(true)}>
        Reject
      </button>
    );
  return (
    <span className="inline-form">
      <input
        aria-label="Reject reason"
        placeholder="Reason shown to the player"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      <Action
        kind="danger"
        disabled={!reason.trim()}
        run={async () => {
          await opsCall(rejectWithdrawal, { params: { orderNo: props.orderNo }, body: { reason: reason.trim() } });
          setOpen(false);
          await props.onDone();
        }}
        done="Rejected, money returned"
      >
        Confirm reject
      </Action>
    </span>
  );
}
