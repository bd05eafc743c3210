import { useCallback, useEffect, useRef, useState } from 'react';

/** spec-2 §9: a toast stays 3 s. */
export const TOAST_MS = 3_000;

type ToastState = { id: number; message: string; tone: 'success' | 'error' } | null;

/**
 * A short message in the corner that goes away by itself after 3 s; announced politely (success) or
 * assertively (error). `show` replaces whatever toast is on screen.
 */
export function useToast() {
  const [toast, setToast] = useState<ToastState>(null);
  const counter = useRef(0);
  const show = useCallback((message: string, tone: 'success' | 'error' = 'success') => {
    counter.current += 1;
    setToast({ id: counter.current, message, tone });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const element = toast ? (
    <div
      key={toast.id}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={`fixed right-4 bottom-4 z-50 max-w-sm rounded-md px-4 py-3 text-sm font-medium shadow-lg ${
        toast.tone === 'error' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'
      }`}
    >
      {toast.message}
    </div>
  ) : null;
  return { toast: element, showToast: show };
}
