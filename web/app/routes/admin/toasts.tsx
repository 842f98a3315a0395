import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

const TOAST_MS = 5_000;

const ToastContext = createContext<(message: string) => void>(() => {});

/** Finished actions show a short message in a polite live region (docs/product.md#staff). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ id: number; message: string } | null>(null);
  const show = useCallback((message: string) => setToast({ id: Date.now(), message }), []);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="admin-toast-region" role="status" aria-live="polite">
        {toast && (
          <p key={toast.id} className="admin-toast">
            {toast.message}
          </p>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
