import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

/** Auto-close delay of every toast (platform-foundation §4, §9). */
export const TOAST_DURATION_MS = 5000;

export type ToastTone = 'info' | 'success' | 'warning' | 'error';
export type ToastInput = { message: string; title?: string; tone?: ToastTone };
type ToastItem = ToastInput & { id: number; tone: ToastTone };

export type ToastApi = {
  /** Shows a toast on top of the others; returns its id. */
  show: (toast: ToastInput | string) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  // Errors and warnings interrupt (alert); confirmations wait their turn (status).
  const urgent = toast.tone === 'error' || toast.tone === 'warning';
  return (
    <li className={`toast toast--${toast.tone}`} role={urgent ? 'alert' : 'status'}>
      <div className="toast__body">
        {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
        <span className="toast__message">{toast.message}</span>
      </div>
      <button type="button" className="toast__dismiss" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * Top-right toasts, newest on top, each closing by itself after 5000 ms or with its dismiss
 * button (platform-foundation §2, §4). `useToast()` below it shows them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback((input: ToastInput | string) => {
    const toast = typeof input === 'string' ? { message: input } : input;
    const id = nextId.current++;
    setToasts((current) => [{ ...toast, id, tone: toast.tone ?? 'info' }, ...current]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-region" aria-label="Notifications">
        <ol className="toast-region__list">
          {toasts.map((toast) => (
            <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

/** Shows and dismisses toasts; needs a {@link ToastProvider} above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error('useToast needs a <ToastProvider> above it.');
  }
  return api;
}
