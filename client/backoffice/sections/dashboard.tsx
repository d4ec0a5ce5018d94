import { lazy, Suspense, useMemo } from 'react';
import type { z } from 'zod';
import { getDashboard } from '../../../shared/contract/ops-dashboard';
import { listAbandonedCallbacks } from '../../../shared/contract/ops-money';
import { dayText, opsCall, pesos, when } from '../api';
import type { DailySeries } from '../chart';
import { Section, State, useLoad } from '../ui';

type Dashboard = z.output<typeof getDashboard.data>;
type Period = Dashboard['periods']['today'];

const DailyChart = lazy(() => import('../chart'));

/** Every minute, and on Refresh: the figures of a day move slowly, the queues have their own sections. */
const EVERY_MS = 60_000;

/** CSS variables of backoffice.css, one colour per theme (chart.tsx reads them when it draws). */
const COLORS = {
  ggr: '--chart-ggr',
  deposits: '--chart-deposits',
  withdrawals: '--chart-withdrawals',
  active: '--chart-active',
  new: '--chart-new',
};

/**
 * The landing page (issue 29 item 5): today's and the last 30 Manila days' figures from the ledger, the
 * queues waiting for an operator (each a link to its section) and the daily series as charts. Every
 * figure's definition: docs/operator-guide.md "Dashboard".
 */
export function Dashboard() {
  const load = useLoad(() => opsCall(getDashboard), [], EVERY_MS);
  // The gateway's webhooks given up on (paid deposits never credited): a queue of their own, read from the
  // gateway; when it cannot answer, the queue is left out rather than the dashboard failing.
  const abandoned = useLoad(() => opsCall(listAbandonedCallbacks, {}), [], EVERY_MS);
  const data = load.data;
  return (
    <>
      <Section
        title="Dashboard"
        tools={
          <>
            {data && <span className="muted">As of {when(data.now)} (Manila)</span>}
            <button type="button" className="btn" onClick={() => void load.reload()} disabled={load.loading}>
              {load.loading ? 'Refreshing…' : 'Refresh'}
            </button>
          </>
        }
      >
        <State loading={load.loading} error={load.error} empty={!data} retry={load.reload} what="the dashboard" />
        {data && (
          <>
            <Queues pending={data.pending} abandoned={abandoned.data?.count} />
            <Figures title={`Today, ${dayText(data.today)}`} period={data.periods.today} />
            <Figures
              title={`Last 30 days, ${dayText(data.daily[0]?.day ?? data.today)} – ${dayText(data.today)}`}
              period={data.periods.last30Days}
            />
          </>
        )}
      </Section>
      {data && <Charts daily={data.daily} />}
    </>
  );
}

function Queues(props: { pending: Dashboard['pending']; abandoned: number | undefined }) {
  const p = props.pending;
  const queues = [
    {
      href: '#withdrawals',
      label: 'Withdrawals to review',
      count: p.withdrawals,
      detail: p.withdrawals ? `₱ ${pesos(p.withdrawalsAmount)}` : '',
    },
    { href: '#withdrawals', label: 'Payout exceptions', count: p.withdrawalExceptions, detail: 'status 5' },
    { href: '#kyc', label: 'KYC to decide', count: p.kyc, detail: '' },
    { href: '#chat', label: 'Live chats open', count: p.chats, detail: p.chatsUnread ? `${p.chatsUnread} unread` : '' },
    { href: '#deposits', label: 'Deposits pending', count: p.deposits, detail: 'not paid yet' },
    ...(props.abandoned === undefined
      ? []
      : [{ href: '#deposits', label: 'Callbacks abandoned', count: props.abandoned, detail: 'paid, never credited' }]),
  ];
  return (
    <nav className="queues" aria-label="Pending queues">
      {queues.map((q) => (
        <a key={q.label} href={q.href} className={`queue ${q.count ? 'waiting' : ''}`}>
          <span className="count">{q.count}</span>
          <span>
            {q.label}
            {q.detail && <span className="muted"> · {q.detail}</span>}
          </span>
        </a>
      ))}
    </nav>
  );
}

function Figures(props: { title: string; period: Period }) {
  const p = props.period;
  const money = (n: number) => `₱ ${pesos(n)}`;
  const cards = [
    { label: 'GGR', value: money(p.ggr), negative: p.ggr < 0, sub: 'bets − wins − cancelled bets' },
    { label: 'NGR', value: money(p.ngr), negative: p.ngr < 0, sub: 'GGR − bonus cost' },
    { label: 'Bonus cost', value: money(p.bonusCost), sub: 'bonuses, rewards, rebates' },
    { label: 'Deposits', value: money(p.deposits.amount), sub: `${p.deposits.count} paid` },
    { label: 'Withdrawals paid', value: money(p.withdrawals.amount), sub: `${p.withdrawals.count} paid out` },
    { label: 'Active players', value: String(p.activePlayers), sub: 'placed a bet' },
    { label: 'New players', value: String(p.newPlayers), sub: 'registered, not guests' },
  ];
  return (
    <section className="figures" aria-label={props.title}>
      <h3>{props.title}</h3>
      <dl className="kpis">
        {cards.map((c) => (
          <div key={c.label} className="kpi">
            <dt>{c.label}</dt>
            <dd className={`value ${c.negative ? 'negative' : ''}`}>{c.value}</dd>
            <dd className="muted">{c.sub}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Charts(props: { daily: Dashboard['daily'] }) {
  const { daily } = props;
  const days = useMemo(() => daily.map((d) => d.day), [daily]);
  const ggr = useMemo<DailySeries[]>(
    () => [{ label: 'GGR', values: daily.map((d) => d.ggr), color: COLORS.ggr, kind: 'bars' }],
    [daily],
  );
  const flows = useMemo<DailySeries[]>(
    () => [
      { label: 'Deposits', values: daily.map((d) => d.deposits), color: COLORS.deposits, kind: 'line' },
      { label: 'Withdrawals paid', values: daily.map((d) => d.withdrawals), color: COLORS.withdrawals, kind: 'line' },
    ],
    [daily],
  );
  const players = useMemo<DailySeries[]>(
    () => [
      { label: 'Active players', values: daily.map((d) => d.activePlayers), color: COLORS.active, kind: 'line' },
      { label: 'New players', values: daily.map((d) => d.newPlayers), color: COLORS.new, kind: 'bars' },
    ],
    [daily],
  );
  const quiet = daily.every(
    (d) => d.ggr === 0 && d.deposits === 0 && d.withdrawals === 0 && d.activePlayers === 0 && d.newPlayers === 0,
  );
  return (
    <Section title="Last 30 days, per Manila day">
      {quiet ? (
        <p className="state">No bets, deposits, withdrawals or new players in the last 30 days.</p>
      ) : (
        <Suspense fallback={<p className="state">Loading the charts…</p>}>
          <div className="charts">
            <DailyChart title="GGR per day (₱)" days={days} series={ggr} />
            <DailyChart title="Deposits and withdrawals paid per day (₱)" days={days} series={flows} />
            <DailyChart title="Active and new players per day" days={days} series={players} unit="players" />
          </div>
        </Suspense>
      )}
    </Section>
  );
}
