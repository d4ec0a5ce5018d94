import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { DataOf } from '../../shared/contract/define';
import { opsLogin, opsLogout, opsMe } from '../../shared/contract/ops-operators';
import { can, grant, OpsError, operatorName, opsCall, token, whenUnauthorized } from './api';
import { TotpEnrolment } from './qr';
import { ThemeToggle } from './theme-toggle';
import { setNotifier } from './ui';

/** A section's code loads when it is first opened: an operator opens a few of the seventeen. */
const section = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const Audit = section(() => import('./sections/audit'), 'Audit');
const Channels = section(() => import('./sections/channels'), 'Channels');
const Chat = section(() => import('./sections/chat'), 'Chat');
const Clock = section(() => import('./sections/clock'), 'Clock');
const Codes = section(() => import('./sections/codes'), 'Codes');
const Dashboard = section(() => import('./sections/dashboard'), 'Dashboard');
const Deposits = section(() => import('./sections/deposits'), 'Deposits');
const Faults = section(() => import('./sections/faults'), 'Faults');
const Kyc = section(() => import('./sections/kyc'), 'Kyc');
const Ledger = section(() => import('./sections/ledger'), 'Ledger');
const Letters = section(() => import('./sections/letters'), 'Letters');
const Operators = section(() => import('./sections/operators'), 'Operators');
const Players = section(() => import('./sections/players'), 'Players');
const Requests = section(() => import('./sections/requests'), 'Requests');
const Stubs = section(() => import('./sections/stubs'), 'Stubs');
const Withdrawals = section(() => import('./sections/withdrawals'), 'Withdrawals');
const Worlds = section(() => import('./sections/worlds'), 'Worlds');

/** Each section and the permission it needs (shared/roles.ts): the others are hidden (the server refuses them). */
const TABS = {
  dashboard: { label: 'Dashboard', view: Dashboard, needs: 'players.read' },
  withdrawals: { label: 'Withdrawals', view: Withdrawals, needs: 'money.read' },
  deposits: { label: 'Deposits', view: Deposits, needs: 'money.read' },
  players: { label: 'Players', view: Players, needs: 'players.read' },
  kyc: { label: 'KYC queue', view: Kyc, needs: 'kyc.read' },
  codes: { label: 'Codes', view: Codes, needs: 'codes.read' },
  channels: { label: 'Channels & limits', view: Channels, needs: 'money.read' },
  chat: { label: 'Live chat', view: Chat, needs: 'chat' },
  letters: { label: 'Letters', view: Letters, needs: 'inbox.read' },
  ledger: { label: 'Ledger check', view: Ledger, needs: 'ledger.read' },
  audit: { label: 'Audit trail', view: Audit, needs: 'audit.read' },
  operators: { label: 'Operators', view: Operators, needs: 'operators.manage' },
  clock: { label: 'Clock', view: Clock, needs: 'tester.tools' },
  worlds: { label: 'Scenarios & snapshots', view: Worlds, needs: 'tester.tools' },
  faults: { label: 'Faults', view: Faults, needs: 'tester.tools' },
  stubs: { label: 'Stubs', view: Stubs, needs: 'tester.tools' },
  requests: { label: 'Requests', view: Requests, needs: 'tester.tools' },
} as const;
type Tab = keyof typeof TABS;
/** The signed-in operator (GET /ops/auth/me): what the header shows and what the role may do. */
type Me = DataOf<typeof opsMe>;

const visibleTabs = () => (Object.keys(TABS) as Tab[]).filter((key) => can(TABS[key].needs));

const tabFromHash = (): Tab => {
  const hash = window.location.hash.slice(1);
  const tabs = visibleTabs();
  if (hash in TABS && tabs.includes(hash as Tab)) return hash as Tab;
  return tabs[0] ?? 'dashboard'; // the landing page: the dashboard, for every role
};

export function App() {
  // undefined: asking the server who is signed in; null: nobody
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('dashboard');
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'bad'; at: number } | null>(null);

  const signedIn = (who: Me) => {
    grant(who.permissions, who.service);
    setMe(who);
    setTab(tabFromHash());
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start (signedIn only sets state)
  useEffect(() => {
    whenUnauthorized(() => {
      token.clear();
      grant([]);
      setMe(null);
    });
    setNotifier((text, kind = 'ok') => setNotice({ text, kind, at: Date.now() }));
    opsCall(opsMe).then(signedIn, () => setMe(null));
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  if (me === undefined) return <p className="state">Loading…</p>;
  if (me === null) return <Login onDone={signedIn} />;
  const View = TABS[tab].view;
  return (
    <div className="shell">
      <header className="top">
        <strong>Casino PH · back office</strong>
        <nav aria-label="Sections">
          {visibleTabs().map((key) => (
            <a key={key} href={`#${key}`} aria-current={key === tab ? 'page' : undefined}>
              {TABS[key].label}
            </a>
          ))}
        </nav>
        <span className="who" title="Signed in as">
          {me.name} · <span className="pill">{me.service ? 'service' : me.role}</span>
        </span>
        <ThemeToggle />
        <button
          type="button"
          className="btn plain"
          onClick={async () => {
            try {
              if (!me.service) await opsCall(opsLogout, { body: {} });
            } finally {
              token.clear();
              grant([]);
              setMe(null);
            }
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        <Suspense fallback={<p className="state">Loading…</p>}>
          <View />
        </Suspense>
      </main>
      {notice && (
        <div className={`toast ${notice.kind}`} role="status">
          {notice.text}
        </div>
      )}
    </div>
  );
}

type LoginAnswer = DataOf<typeof opsLogin>;

/**
 * Sign-in: name, password and the authenticator's 6-digit code. A first sign-in without a code shows the
 * secret to add to the authenticator (a QR code of its otpauth:// URI and the secret to type); the account is active once
 * a code from it is sent. Below, the service token (ADMIN_TOKEN) for scripts' and CI's sake.
 */
function Login(props: { onDone: (me: Me) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrol, setEnrol] = useState<LoginAnswer['enrol']>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div className="login-page">
      <div className="login-theme">
        <ThemeToggle className="btn theme-toggle" />
      </div>
      <form
        className="login"
        aria-label="Operator sign-in"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError('');
          try {
            const answer = await opsCall(opsLogin, {
              body: { name: name.trim(), password, ...(code.trim() ? { totp: code.trim() } : {}) },
            });
            if (answer.operator) {
              token.clear();
              props.onDone(answer.operator);
            } else setEnrol(answer.enrol);
          } catch (caught) {
            setError(caught instanceof OpsError ? caught.message : 'The server did not answer');
          } finally {
            setBusy(false);
          }
        }}
      >
        <h1>Back office</h1>
        <label>
          Operator name
          <input autoComplete="username" maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {enrol && (
          <section className="enrol" aria-label="Set up two-step sign-in">
            <p>
              First sign-in: add this account to your authenticator app (Google Authenticator, Authy, 1Password…), then
              type the 6-digit code it shows.
            </p>
            <TotpEnrolment secret={enrol.secret} uri={enrol.uri} />
          </section>
        )}
        <label>
          Authenticator code
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6 digits"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        {error && (
          <p className="state bad" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={busy || !name.trim() || !password}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
      <ServiceToken onDone={props.onDone} />
    </div>
  );
}

/** The service account: ADMIN_TOKEN with a name for the audit trail (scripts, CI, a server without accounts yet). */
function ServiceToken(props: { onDone: (me: Me) => void }) {
  const [value, setValue] = useState('');
  const [name, setName] = useState(operatorName.get());
  const [error, setError] = useState('');
  return (
    <details className="login service">
      <summary>Service token (scripts, CI)</summary>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            const me = await opsCall(opsMe, { tokenOverride: value.trim() });
            token.set(value.trim());
            operatorName.set(name.trim());
            props.onDone({ ...me, name: name.trim() || me.name });
          } catch (caught) {
            setError(caught instanceof OpsError ? caught.message : 'The server did not answer');
          }
        }}
      >
        <p className="muted">ADMIN_TOKEN: every right; the server prints it at start when it made one up.</p>
        <label>
          Your name (recorded in the audit trail and on chat answers)
          <input autoComplete="name" maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Admin token
          <input type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        {error && (
          <p className="state bad" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={value.trim() === ''}>
          Use the token
        </button>
      </form>
    </details>
  );
}
