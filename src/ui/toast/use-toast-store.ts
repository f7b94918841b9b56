/**
 * Toasts: transient UI feedback (not the product's "notifications"). Each toast lasts 5000 ms
 * (spec doc 1 §8) unless dismissed earlier. Usable outside React through `toast.*`.
 */
import { create } from 'zustand';

/** How long a toast stays, in ms (spec: 5000). */
export const TOAST_DURATION_MS = 5000;

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push(tone: ToastTone, message: string): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push(tone, message) {
    // The same message twice in a row (e.g. several failing queries offline) shows once.
    const duplicate = get().toasts.find((t) => t.message === message && t.tone === tone);
    if (duplicate) return duplicate.id;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, tone, message }] }));
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
  success: (message: string) => useToastStore.getState().push('success', message),
  error: (message: string) => useToastStore.getState().push('error', message),
  warning: (message: string) => useToastStore.getState().push('warning', message),
  info: (message: string) => useToastStore.getState().push('info', message),
};
