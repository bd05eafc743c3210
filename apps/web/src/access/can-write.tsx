import { useTranslation } from 'react-i18next';
import { useAuth } from './auth-store';

/**
 * Whether the signed-in user may change anything (issue 40): everyone but a firm's reader, who reads and
 * exports. The one place screens ask before offering a write; the server refuses a reader's writes anyway
 * (ROLE_READ_ONLY), this keeps them from being offered. Read from the session's user, which GET /me
 * refreshes, so a changed role shows on the next load.
 */
export function useCanWrite(): boolean {
  const { user } = useAuth();
  return user?.firmRole !== 'reader';
}

/**
 * Whether the signed-in user pays for the firm: its owner, or an account in no firm. Buying credits and
 * changing the plan are the owner's (ROLE_OWNER_ONLY); the firm's other members spend what the owner buys.
 */
export function useCanBill(): boolean {
  const { user } = useAuth();
  return !user?.firmRole || user.firmRole === 'owner';
}

/** The line a reader sees where the write controls would be. */
export function ReadOnlyNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation('team');
  return (
    <p
      data-testid="read-only-note"
      className={`rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700 ${className}`}
    >
      {t('readOnly.note')}
    </p>
  );
}
