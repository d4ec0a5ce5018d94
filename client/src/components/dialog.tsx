import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import { IconClose } from './icons';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** center: a dialog; sheet: slides up from the bottom; full: covers the phone column. */
  variant?: 'center' | 'sheet' | 'full' | 'side';
  title?: ReactNode;
  /** Hide the X button (dialogs that must be answered). */
  hideClose?: boolean;
  closeOnOverlay?: boolean;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
  footer?: ReactNode;
}

/**
 * The one modal surface: a portal with an overlay, Escape and overlay click to close, focus moved in and
 * kept inside while open, and given back on close.
 */
export function Modal({
  open,
  onClose,
  variant = 'center',
  title,
  hideClose,
  closeOnOverlay = true,
  className,
  children,
  labelledBy,
  footer,
}: ModalProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node;
    first?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !hideClose) {
        event.stopPropagation();
        onCloseRef.current();
      }
      if (event.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (!firstItem || !lastItem) return;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    node?.addEventListener('keydown', onKey);
    return () => {
      node?.removeEventListener('keydown', onKey);
      previous?.focus?.({ preventScroll: true });
    };
  }, [open, hideClose]);

  if (!open) return null;
  return createPortal(
    <div className={`modal modal--${variant}`}>
      <div
        className="modal__overlay"
        aria-hidden="true"
        onClick={() => {
          if (closeOnOverlay && !hideClose) onClose();
        }}
      />
      <div
        ref={panel}
        className={['modal__panel', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
        tabIndex={-1}
      >
        {title || !hideClose ? (
          <div className="modal__head">
            {title ? (
              <h2 className="modal__title" id={titleId}>
                {title}
              </h2>
            ) : (
              <span />
            )}
            {hideClose ? null : (
              <IconButton label={t('common.close')} className="modal__close" onClick={onClose}>
                <IconClose size={20} />
              </IconButton>
            )}
          </div>
        ) : null}
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
