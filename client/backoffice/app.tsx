import { useEffect, useState } from 'react';
import { OpsError, operatorName, ops, token, whenUnauthorized } from './api';
import { Audit } from './sections/audit';
import { Channels } from './sections/channels';
import { Chat } from './sections/chat';
import { Clock } from './sections/clock';
import { Codes } from './sections/codes';
import { Dashboard } from './sections/dashboard';
import { Deposits } from './sections/deposits';
import { Faults } from './sections/faults';
import { Kyc } from './sections/kyc';
import { Ledger } from './sections/ledger';
import { Letters } from './sections/letters';
import { Players } from './sections/players';
import { Requests } from './sections/requests';
import { Stubs } from './sections/stubs';
import { Withdrawals } from './sections/withdrawals';
import { Worlds } from './sections/worlds';
import { setNotifier } from './ui';

const TABS = {
  dashboard: { label: 'Dashboard', view: Dashboard },
  withdrawals: { label: 'Withdrawals', view: Withdrawals },
  deposits: { label: 'Deposits', view: Deposits },
  players: { label: 'Players', view: Players },
  kyc: { label: 'KYC queue', view: Kyc },
  codes: { label: 'Codes', view: Codes },
  channels: { label: 'Channels & limits', view: Channels },
  chat: { label: 'Live chat', view: Chat },
  letters: { label: 'Letters', view: Letters },
  ledger: { label: 'Ledger check', view: Ledger },
  audit: { label: 'Audit trail', view: Audit },
  clock: { label: 'Clock', view: Clock },
  worlds: { label: 'Scenarios & snapshots', view: Worlds },
  faults: { label: 'Faults', view: Faults },
  stubs: { label: 'Stubs', view: Stubs },
  requests: { label: 'Requests', view: Requests },
} as const;
type Tab = keyof typeof TABS;

const tabFromHash = (): Tab => {
  const hash = window.location.hash.slice(1);
  return hash in TABS ? (hash as Tab) : 'dashboard'; // the landing page
};

export function App() {
  const [signedIn, setSignedIn] = useState(token.get() !== '');
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'bad'; at: number } | null>(null);

  useEffect(() => {
    whenUnauthorized(() => {
      token.clear();
      setSignedIn(false);
    });
    setNotifier((text, kind = 'ok') => setNotice({ text, kind, at: Date.now() }));
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!signedIn) return <Login onDone={() => setSignedIn(true)} />;
  const View = TABS[tab].view;
  return (
    <div className="shell">
      <header className="top">
        <strong>Casino PH · back office</strong>
        <nav aria-label="Sections">
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <a key={key} href={`#${key}`} aria-current={key === tab ? 'page' : undefined}>
              {TABS[key].label}
            </a>
          ))}
        </nav>
        <button
          type="button"
          className="btn plain"
          onClick={() => {
            token.clear();
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        <View />
      </main>
      {notice && (
        <div className={`toast ${notice.kind}`} role="status">
          {notice.text}
        </div>
      )}
    </div>
  );
}

function Login(props: { onDone: () => void }) {
  const [value, setValue] = useState('');
  const [name, setName] = useState(operatorName.get());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="login"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError('');
        try {
          await ops('GET', '/ops/clock', { tokenOverride: value.trim() });
          token.set(value.trim());
          operatorName.set(name.trim());
          props.onDone();
        } catch (caught) {
          setError(caught instanceof OpsError ? caught.message : 'The server did not answer');
        } finally {
          setBusy(false);
        }
      }}
    >
      <h1>Back office</h1>
      <p className="muted">The operator token is ADMIN_TOKEN; the server prints it at start when it made one up.</p>
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
      <button type="submit" className="btn primary" disabled={busy || value.trim() === ''}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}
