import { useToastStore } from '../lib/toast';
import { IconAlertCircle, IconCheckCircle } from './icons';

/** Toasts: success (green, check icon), danger (red, alert icon) or plain; announced to screen readers. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.type}`} role={item.type === 'danger' ? 'alert' : 'status'}>
          {item.type === 'success' ? <IconCheckCircle size={20} className="toast__icon" /> : null}
          {item.type === 'danger' ? <IconAlertCircle size={20} className="toast__icon" /> : null}
          <span>{item.message}</span>
        </div>
      ))}
    </div>
  );
}
