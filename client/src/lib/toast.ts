import { create } from 'zustand';

/** Toasts have success and danger types with icons; the default has none (spec section 8). */
export type ToastType = 'none' | 'success' | 'danger';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show(message: string, type?: ToastType, durationMs?: number): number;
  dismiss(id: number): void;
}

let nextId = 1;
const MAX_VISIBLE = 3;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(message, type = 'none', durationMs = 2500) {
    const id = nextId++;
    // the same text already on screen is not repeated
    if (get().toasts.some((t) => t.message === message && t.type === type)) return id;
    set((s) => ({ toasts: [...s.toasts, { id, type, message }].slice(-MAX_VISIBLE) }));
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export const toast = {
  show: (message: string) => useToastStore.getState().show(message, 'none'),
  success: (message: string) => useToastStore.getState().show(message, 'success'),
  danger: (message: string) => useToastStore.getState().show(message, 'danger', 3500),
};
