import { useState } from 'react';
import type { z } from 'zod';
import {
  getWithdrawSettings,
  listChannels,
  setChannel,
  setWithdrawLimit,
  setWithdrawSettings,
  WITHDRAW_DAILY_COUNT_MAX,
} from '../../../shared/contract/ops-money';
import { opsCall, pesos } from '../api';
import { Action, Section, State, useLoad } from '../ui';

type Channel = z.output<typeof listChannels.data>[number];
type WithdrawSettings = z.output<typeof getWithdrawSettings.data>;

/** Payment channels and limits: deposit channels on/off with min and max, withdrawal settings and VIP limits. */
export function Channels() {
  const channels = useLoad(() => opsCall(listChannels), []);
  const settings = useLoad(() => opsCall(getWithdrawSettings), []);
  const rows = channels.data ?? [];
  return (
    <>
      <Section title="Deposit channels">
        <State
          loading={channels.loading}
          error={channels.error}
          empty={rows.length === 0}
          retry={channels.reload}
          what="channels"
        />
        {rows.length > 0 && (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th>Channel</th>
                  <th>State</th>
                  <th>Min and max (₱)</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <ChannelRow key={`${c.code}:${c.enabled}:${c.min}:${c.max}`} channel={c} onDone={channels.reload} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section title="Withdrawals">
        <State
          loading={settings.loading}
          error={settings.error}
          empty={!settings.data}
          retry={settings.reload}
          what="settings"
        />
        {settings.data && (
          <WithdrawPanel key={JSON.stringify(settings.data)} s={settings.data} onDone={settings.reload} />
        )}
      </Section>
    </>
  );
}

function ChannelRow(props: { channel: Channel; onDone: () => Promise<void> }) {
  const c = props.channel;
  const [min, setMin] = useState(String(c.min));
  const [max, setMax] = useState(String(c.max));
  const changed = Number(min) !== c.min || Number(max) !== c.max;
  return (
    <tr aria-label={c.name}>
      <td>
        {c.name} <span className="mono muted">{c.code}</span>
      </td>
      <td>
        <span className={`pill ${c.enabled ? 'active' : 'suspended'}`}>{c.enabled ? 'on' : 'off'}</span>
      </td>
      <td>
        <span className="inline-form">
          <input
            aria-label={`${c.name} min`}
            inputMode="decimal"
            size={8}
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
          <input
            aria-label={`${c.name} max`}
            inputMode="decimal"
            size={8}
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
          <Action
            disabled={!changed || !(Number(min) > 0) || !(Number(max) >= Number(min))}
            done={`${c.name} limits saved`}
            run={async () => {
              await opsCall(setChannel, { params: { code: c.code }, body: { min: Number(min), max: Number(max) } });
              await props.onDone();
            }}
          >
            Save limits
          </Action>
        </span>
      </td>
      <td>
        <Action
          kind={c.enabled ? 'danger' : 'primary'}
          done={`${c.name} switched ${c.enabled ? 'off' : 'on'}`}
          run={async () => {
            await opsCall(setChannel, { params: { code: c.code }, body: { enabled: !c.enabled } });
            await props.onDone();
          }}
        >
          {c.enabled ? 'Switch off' : 'Switch on'}
        </Action>
      </td>
    </tr>
  );
}

function WithdrawPanel(props: { s: WithdrawSettings; onDone: () => Promise<void> }) {
  const { s } = props;
  const [delay, setDelay] = useState(String(s.payoutDelaySeconds));
  return (
    <>
      <dl className="facts">
        <dt>Review</dt>
        <dd>
          {s.autoApprove ? 'automatic' : 'by an operator'} <span className="muted">(set by {s.autoApproveSource})</span>
        </dd>
        <dt>Fee</dt>
        <dd>{s.feePercent}%</dd>
      </dl>
      <div className="inline-form">
        <Action
          done="Saved"
          run={async () => {
            await opsCall(setWithdrawSettings, { body: { autoApprove: !s.autoApprove } });
            await props.onDone();
          }}
        >
          {s.autoApprove ? 'Review by an operator' : 'Review automatically'}
        </Action>
        {s.autoApproveSource === 'operator' && (
          <Action
            done="Back to the environment default"
            run={async () => {
              await opsCall(setWithdrawSettings, { body: { autoApprove: null } });
              await props.onDone();
            }}
          >
            Environment default
          </Action>
        )}
        <label>
          Sandbox payout delay (s){' '}
          <input inputMode="numeric" size={6} value={delay} onChange={(e) => setDelay(e.target.value)} />
        </label>
        <Action
          disabled={Number(delay) === s.payoutDelaySeconds || !Number.isInteger(Number(delay)) || Number(delay) < 0}
          done="Saved"
          run={async () => {
            await opsCall(setWithdrawSettings, { body: { payoutDelaySeconds: Number(delay) } });
            await props.onDone();
          }}
        >
          Save delay
        </Action>
      </div>
      <h4>Daily limits per VIP level (Manila day)</h4>
      <div className="table-scroll">
        <table aria-label="Daily withdrawal limits">
          <thead>
            <tr>
              <th>VIP</th>
              <th>Amount (₱) and withdrawals</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {s.limits.map((l) => (
              <LimitRow key={`${l.vipLevel}:${l.dailyAmount}:${l.dailyCount}`} limit={l} onDone={props.onDone} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type Limit = WithdrawSettings['limits'][number];

/** One VIP level's daily limits, editable: the amount in pesos (two decimals at most) and the count. */
function LimitRow(props: { limit: Limit; onDone: () => Promise<void> }) {
  const l = props.limit;
  const [amount, setAmount] = useState(String(l.dailyAmount));
  const [count, setCount] = useState(String(l.dailyCount));
  const a = Number(amount);
  const n = Number(count);
  const valid = a > 0 && Number(a.toFixed(2)) === a && Number.isInteger(n) && n >= 1 && n <= WITHDRAW_DAILY_COUNT_MAX;
  const changed = a !== l.dailyAmount || n !== l.dailyCount;
  return (
    <tr aria-label={`VIP ${l.vipLevel}`}>
      <td>
        {l.vipLevel}
        {l.setByOperator && <span className="muted"> · set by an operator</span>}
      </td>
      <td>
        <span className="inline-form">
          <input
            aria-label={`VIP ${l.vipLevel} amount per day`}
            inputMode="decimal"
            size={10}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <span className="muted">×</span>
          <input
            aria-label={`VIP ${l.vipLevel} withdrawals per day`}
            inputMode="numeric"
            size={4}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </span>
        <div className="muted">
          now ₱{pesos(l.dailyAmount)} × {l.dailyCount}
        </div>
      </td>
      <td>
        <Action
          disabled={!changed || !valid}
          done={`VIP ${l.vipLevel} limits saved`}
          run={async () => {
            await opsCall(setWithdrawLimit, {
              params: { vipLevel: l.vipLevel },
              body: {
                ...(a !== l.dailyAmount ? { dailyAmount: a } : {}),
                ...(n !== l.dailyCount ? { dailyCount: n } : {}),
              },
            });
            await props.onDone();
          }}
        >
          Save
        </Action>
      </td>
    </tr>
  );
}
