import { useState } from 'react';
import type { z } from 'zod';
import { ledgerCheck } from '../../../shared/contract/ops-money';
import { opsCall, pesos, when } from '../api';
import { Action, Section } from '../ui';

type Check = z.output<typeof ledgerCheck.data>;

/** GET /ops/ledger/check on demand: whether the ledger is whole, and the figures it answers. */
export function Ledger() {
  const [check, setCheck] = useState<{ at: string; result: Check } | null>(null);
  return (
    <Section
      title="Ledger check"
      tools={
        <Action
          kind="primary"
          run={async () => setCheck({ at: new Date().toISOString(), result: await opsCall(ledgerCheck) })}
        >
          Check the ledger
        </Action>
      }
    >
      <p className="muted">
        Every player account must sum to its journal, every counterparty to its transfers, and all accounts together to
        zero (docs/money.md).
      </p>
      {check ? <CheckResult at={check.at} result={check.result} /> : <p className="state">Not checked yet.</p>}
    </Section>
  );
}

function CheckResult(props: { at: string; result: Check }) {
  const r = props.result;
  return (
    <section aria-label="Ledger check result">
      <dl className="facts">
        <dt>Ledger</dt>
        <dd>
          <span className={`pill ${r.whole ? 'active' : 'suspended'}`}>{r.whole ? 'whole' : 'broken'}</span>{' '}
          <span className="muted">checked {when(props.at)}</span>
        </dd>
        <dt>Sum of all accounts</dt>
        <dd className="mono">₱{pesos(r.total)}</dd>
        <dt>Sum of all points</dt>
        <dd className="mono">{r.totalPoints}</dd>
      </dl>
      {r.problems.length > 0 && (
        <>
          <h4>Problems</h4>
          <ul aria-label="Problems" className="problems">
            {r.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      )}
      <h4>Counterparties</h4>
      <div className="table-scroll">
        <table aria-label="Counterparties">
          <thead>
            <tr>
              <th>Account</th>
              <th className="num">Balance (₱)</th>
              <th className="num">Points</th>
            </tr>
          </thead>
          <tbody>
            {r.counterparties.map((c) => (
              <tr key={c.code}>
                <td>
                  {c.name} <span className="mono muted">{c.code}</span>
                </td>
                <td className="num">{pesos(c.balance)}</td>
                <td className="num">{c.point}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
