import { type ButtonHTMLAttributes, useCallback, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: a second call while the first runs is ignored, so a
 * button or form cannot be double-submitted (UI.md).
 */
export function useBusy<A extends unknown[]>(action: (...args: A) => Promise<unknown> | unknown) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await actionRef.current(...args);
    } catch {
      // failures were already shown by the http layer
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent' | 'outline';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm' | 'lg';
  block?: boolean;
  /** Shows progress and refuses clicks (e.g. the form it submits is running). */
  loading?: boolean;
  /** May return a promise: the button shows progress until it settles and ignores clicks meanwhile. */
  onClick?: (event: React.MouseEvent<HTMLButtonElement>) => unknown;
}

export function Spinner({ size = 18, label }: { size?: number; label?: string }) {
  const ring = <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className="spinner-wrap">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  block,
  loading,
  onClick,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const [busy, run] = useBusy((event: React.MouseEvent<HTMLButtonElement>) => onClick?.(event));
  const working = Boolean(loading) || busy;
  const classes = [
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    block ? 'btn--block' : '',
    working ? 'is-busy' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={working || undefined}
      aria-disabled={working || undefined}
      onClick={(event) => {
        if (working) {
          event.preventDefault();
          return;
        }
        if (onClick) void run(event);
      }}
      {...rest}
    >
      {working ? <Spinner size={16} /> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
}

/** A square, labelled icon button at least 44 px (touch target). */
export function IconButton({
  label,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      className={['icon-btn', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...rest}
    >
      {children}
    </button>
  );
}
