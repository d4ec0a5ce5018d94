import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { askReason, OpsError } from './api';

/** Loads on mount and on `reload()`; `every` ms polls it too. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = [], every?: number) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string>('');
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const depKey = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (the caller's inputs) makes a new loader
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await loadRef.current());
      setError('');
    } catch (e) {
      setError(e instanceof OpsError ? `${e.message} (${e.code})` : String(e));
    } finally {
      setLoading(false);
    }
  }, [depKey]);
  useEffect(() => {
    void reload();
    if (!every) return;
    const timer = setInterval(() => void reload(), every);
    return () => clearInterval(timer);
  }, [reload, every]);
  return { data, error, loading, reload };
}

type Notify = (text: string, kind?: 'ok' | 'bad') => void;
let notify: Notify = () => {};
export const setNotifier = (fn: Notify) => {
  notify = fn;
};
export const toast: Notify = (text, kind) => notify(text, kind);

/** A button that runs an async action once at a time, shows progress, and reports the outcome. */
export function Action(props: {
  /** Gets the typed reason when `confirm` asks for one, else ''. */
  run: (reason: string) => Promise<unknown>;
  /** A money or status action: confirm it with a typed reason first (what is about to happen). */
  confirm?: string;
  /** The reason typed already in the form, offered in the confirmation. */
  reason?: string;
  children: ReactNode;
  done?: string;
  kind?: 'primary' | 'danger' | 'plain';
  disabled?: boolean;
  title?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`btn ${props.kind ?? 'plain'}`}
      disabled={busy || props.disabled}
      aria-busy={busy}
      title={props.title}
      onClick={async () => {
        let reason = '';
        if (props.confirm) {
          const typed = askReason(props.confirm, props.reason ?? '');
          if (typed === null) return;
          reason = typed;
        }
        setBusy(true);
        try {
          await props.run(reason);
          if (props.done) toast(props.done, 'ok');
        } catch (e) {
          toast(e instanceof OpsError ? `${e.message} (${e.code})` : String(e), 'bad');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? '…' : props.children}
    </button>
  );
}

export function State(props: { loading: boolean; error: string; empty: boolean; retry: () => void; what: string }) {
  if (props.error)
    return (
      <p className="state bad" role="alert">
        {props.error}{' '}
        <button type="button" className="btn plain" onClick={props.retry}>
          Retry
        </button>
      </p>
    );
  if (props.loading && props.empty) return <p className="state">Loading {props.what}…</p>;
  if (props.empty) return <p className="state">No {props.what}.</p>;
  return null;
}

export function Section(props: { title: string; children: ReactNode; tools?: ReactNode }) {
  return (
    <section className="panel" aria-label={props.title}>
      <header>
        <h2>{props.title}</h2>
        <div className="tools">{props.tools}</div>
      </header>
      {props.children}
    </section>
  );
}

export const Json = ({ value }: { value: unknown }) => <pre className="json">{JSON.stringify(value, null, 2)}</pre>;

/** Previous / next over a paged list. */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  if (props.total <= props.size && props.page === 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="btn" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span className="muted">
        Page {props.page} of {pages} · {props.total} in all
      </span>
      <button type="button" className="btn" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A table row an operator picks with a click or Enter (the list beside a detail pane). */
export function PickRow(props: { selected: boolean; onPick: () => void; children: ReactNode }) {
  return (
    <tr
      tabIndex={0}
      className={props.selected ? 'selected' : ''}
      onClick={props.onPick}
      onKeyDown={(e) => e.key === 'Enter' && props.onPick()}
    >
      {props.children}
    </tr>
  );
}
