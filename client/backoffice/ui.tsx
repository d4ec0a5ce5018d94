import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { OpsError } from './api';

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
      setError(errorText(e));
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

/** An error as an operator reads it: the server's message and its code. */
export const errorText = (e: unknown) => (e instanceof OpsError ? `${e.message} (${e.code})` : String(e));

/** What a confirmation says and does (ConfirmDialog). */
export interface Confirmation {
  /** The question, as the dialog's title ("Suspend player 10000042?"). */
  title: string;
  /** What will happen once confirmed, in a sentence or two. */
  what?: ReactNode;
  /**
   * Ask for a typed reason (kept in the audit trail): the endpoints with `reasonRequired` refuse a
   * back-office call without one (30057). Confirm stays disabled while it is blank.
   */
  needsReason?: boolean;
  /** The reason typed already in a form, offered in the field. */
  reason?: string;
  confirmLabel?: string;
  danger?: boolean;
  /** More fields of the action (a new password); `ready` false keeps Confirm disabled. */
  children?: ReactNode;
  ready?: boolean;
  /** Runs on Confirm with the trimmed reason ('' when none is asked); a throw keeps the dialog open with it. */
  run: (reason: string) => Promise<unknown>;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The back office's one confirmation (issue 29): modal, focus kept inside (Tab cycles, the first field or
 * Confirm has it at open, the opener gets it back), Escape or Cancel closes it with nothing sent, Confirm
 * runs the action once and closes on success; the server's refusal stays in the dialog, the reason kept.
 */
export function ConfirmDialog(props: Confirmation & { onClose: (done: boolean) => void }) {
  const [reason, setReason] = useState(props.reason ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const { onClose } = props;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('input, textarea, select') ?? null;
    (first ?? box.current?.querySelector<HTMLElement>('button.confirm') ?? box.current)?.focus();
    return () => opener?.focus?.();
  }, []);
  const cancel = () => {
    if (!busy) onClose(false);
  };
  const ready = (props.ready ?? true) && (!props.needsReason || reason.trim() !== '') && !busy;
  const confirm = async () => {
    if (!ready) return;
    setBusy(true);
    setError('');
    try {
      await props.run(props.needsReason ? reason.trim() : '');
      onClose(true);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      cancel();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <div
        ref={box}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={props.what ? `${id}-what` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <form
          className="modal-form"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <h3 id={`${id}-title`}>{props.title}</h3>
          {props.what && <p id={`${id}-what`}>{props.what}</p>}
          {props.children}
          {props.needsReason && (
            <label>
              Reason (kept in the audit trail)
              <textarea rows={2} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
          )}
          {error && (
            <p className="state bad" role="alert">
              {error}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn plain" onClick={cancel} disabled={busy}>
              Cancel
            </button>
            <button
              type="submit"
              className={`btn confirm ${props.danger ? 'danger' : 'primary'}`}
              disabled={!ready}
              aria-busy={busy}
            >
              {busy ? '…' : (props.confirmLabel ?? 'Confirm')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** A button that runs an async action once at a time, shows progress, and reports the outcome. */
export function Action(props: {
  /** Gets the typed reason when `confirm` asks for one, else ''. */
  run: (reason: string) => Promise<unknown>;
  /** A money or status action: confirm it in the dialog first; this is its question. */
  confirm?: string;
  /** What will happen, under the question. */
  what?: ReactNode;
  /** The confirmation asks for a typed reason (the endpoint's `reasonRequired`); true unless said. */
  needsReason?: boolean;
  /** The reason typed already in the form, offered in the confirmation. */
  reason?: string;
  children: ReactNode;
  done?: string;
  kind?: 'primary' | 'danger' | 'plain';
  disabled?: boolean;
  title?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const finished = () => {
    if (props.done) toast(props.done, 'ok');
  };
  return (
    <>
      <button
        type="button"
        className={`btn ${props.kind ?? 'plain'}`}
        disabled={busy || asking || props.disabled}
        aria-busy={busy}
        title={props.title}
        onClick={async () => {
          if (props.confirm) {
            setAsking(true);
            return;
          }
          setBusy(true);
          try {
            await props.run('');
            finished();
          } catch (e) {
            toast(errorText(e), 'bad');
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? '…' : props.children}
      </button>
      {asking && props.confirm && (
        <ConfirmDialog
          title={props.confirm}
          what={props.what}
          needsReason={props.needsReason ?? true}
          reason={props.reason ?? ''}
          danger={props.kind === 'danger'}
          confirmLabel={typeof props.children === 'string' ? props.children : undefined}
          run={props.run}
          onClose={(done) => {
            setAsking(false);
            if (done) finished();
          }}
        />
      )}
    </>
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
