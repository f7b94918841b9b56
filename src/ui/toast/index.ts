export { Toaster } from './toaster';
export { toast, useToastStore, TOAST_DURATION_MS } from './use-toast-store';
export type { Toast, ToastAction, ToastOptions, ToastTone } from './use-toast-store';
