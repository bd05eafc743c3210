import type { AccountType, AuthResult } from '@cuadra/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { authApi } from './auth-api';
import { ErrorAlert } from './auth-ui';

type GoogleId = {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';
let scriptLoading: Promise<void> | undefined;

/** Google Identity Services' script, loaded once and only when Google sign-in is configured. */
function loadGoogleScript(): Promise<void> {
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: authApi.config,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * "Continue with Google", shown only when the server says Google sign-in is configured. The ID token goes to
 * POST /auth/google; a new account is an accountant unless `accountType` says otherwise (spec-1 §6).
 */
export function GoogleSignIn({
  mode,
  accountType,
  packId,
  onSignedIn,
}: {
  mode: 'login' | 'signup';
  accountType?: AccountType;
  /** A pack chosen before signing up: the server answers its checkout, and the browser goes there. */
  packId?: string | undefined;
  onSignedIn: (result: AuthResult) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ accountType, onSignedIn, mode, packId });
  latest.current = { accountType, onSignedIn, mode, packId };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleScript()
      .then(() => {
        const id = window.google?.accounts?.id;
        if (cancelled || !id || !container.current) return;
        id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            const fallback =
              latest.current.mode === 'signup' ? t('google.signupError') : t('google.loginError');
            if (!credential) return setError(fallback);
            try {
              const result = await authApi.google({
                idToken: credential,
                accountType: latest.current.accountType,
                locale: toLocale(i18n.language),
                ...(latest.current.packId ? { packId: latest.current.packId } : {}),
              });
              latest.current.onSignedIn(result);
              // Spec-1 §7 call 10: with a chosen pack, sign-up continues to its checkout.
              if (result.checkoutUrl) window.location.assign(result.checkoutUrl);
            } catch (caught) {
              // The spec: the server's message, else the generic Google error.
              setError(caught instanceof ApiError && caught.status > 0 ? tErrors(caught.code) : fallback);
            }
          },
        });
        id.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          width: 320,
          text: 'continue_with',
          locale: toLocale(i18n.language),
        });
      })
      .catch(() => !cancelled && setError(t('google.unavailable')));
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.language, t, tErrors]);

  if (!clientId) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('google.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={container} className="mt-4 flex justify-center" data-testid="google-signin" />
      {error ? (
        <div className="mt-3">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      ) : null}
    </div>
  );
}
