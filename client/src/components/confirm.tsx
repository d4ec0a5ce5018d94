import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Button } from './button';
import { Modal } from './dialog';

interface DialogRequest {
  id: number;
  kind: 'confirm' | 'alert';
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
  resolve(ok: boolean): void;
}

interface DialogQueue {
  queue: DialogRequest[];
  push(request: DialogRequest): void;
  settle(id: number, ok: boolean): void;
}

let nextId = 1;

export const useDialogQueue = create<DialogQueue>((set, get) => ({
  queue: [],
  push: (request) => set((s) => ({ queue: [...s.queue, request] })),
  settle: (id, ok) => {
    const request = get().queue.find((r) => r.id === id);
    set((s) => ({ queue: s.queue.filter((r) => r.id !== id) }));
    request?.resolve(ok);
  },
}));

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

/** Asks a yes/no question; resolves true on confirm, false on cancel or close. */
export const confirmDialog = (options: ConfirmOptions): Promise<boolean> =>
  new Promise((resolve) => useDialogQueue.getState().push({ id: nextId++, kind: 'confirm', ...options, resolve }));

/** Tells the player something; resolves when they close it. */
export const alertDialog = (options: Omit<ConfirmOptions, 'cancelText' | 'danger'>): Promise<void> =>
  new Promise((resolve) =>
    useDialogQueue.getState().push({ id: nextId++, kind: 'alert', ...options, resolve: () => resolve() }),
  );

/** Renders the first queued confirm or alert. */
export function DialogHost() {
  const { t } = useTranslation();
  const current = useDialogQueue((s) => s.queue[0]);
  const settle = useDialogQueue((s) => s.settle);
  if (!current) return null;
  const close = () => settle(current.id, false);
  return (
    <Modal
      open
      onClose={close}
      title={current.title ?? (current.kind === 'confirm' ? t('common.confirmTitle') : t('common.notice'))}
      className="confirm"
      closeOnOverlay={false}
      footer={
        <div className="confirm__actions">
          {current.kind === 'confirm' ? (
            <Button variant="secondary" onClick={close}>
              {current.cancelText ?? t('common.cancel')}
            </Button>
          ) : null}
          <Button
            variant={current.danger ? 'danger' : 'primary'}
            data-autofocus
            onClick={() => settle(current.id, true)}
          >
            {current.confirmText ?? t('common.ok')}
          </Button>
        </div>
      }
    >
      <p className="confirm__message">{current.message}</p>
    </Modal>
  );
}
