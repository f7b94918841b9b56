/**
 * Toasts: transient UI feedback (not the product's "notifications"). Each toast lasts 5000 ms
 * (spec doc 1 §8) unless dismissed earlier. Usable outside React through `toast.*`.
 */
import { create } from 'zustand';

/** How long a toast stays, in ms (spec: 5000). */
export const TOAST_DURATION_MS = 5000;

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

/** A link offered in a toast, e.g. to the incident evidence was linked to. */
export interface ToastAction {
  label: string;
  /** An in-app path. */
  href: string;
}

export interface ToastOptions {
  action?: ToastAction;
}

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  push(tone: ToastTone, message: string, options?: ToastOptions): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push(tone, message, options = {}) {
    // The same message twice in a row (e.g. several failing queries offline) shows once.
    const duplicate = get().toasts.find(
      (t) => t.message === message && t.tone === tone && t.action?.href === options.action?.href,
    );
    if (duplicate) return duplicate.id;
    const id = nextId++;
    const item: Toast = options.action
      ? { id, tone, message, action: options.action }
      : { id, tone, message };
    set((state) => ({ toasts: [...state.toasts, item] }));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
    );
    return id;
  },
  dismiss(id) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

/** Show a toast from anywhere (event handlers, query callbacks). */
export const toast = {
  success: (message: string, options?: ToastOptions) =>
    useToastStore.getState().push('success', message, options),
  error: (message: string) => useToastStore.getState().push('error', message),
  warning: (message: string) => useToastStore.getState().push('warning', message),
  info: (message: string) => useToastStore.getState().push('info', message),
};
