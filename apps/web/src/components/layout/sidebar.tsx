import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CoinsIcon, DocumentIcon, HelpIcon, HomeIcon, SettingsIcon, UsersIcon } from '../icons';

/** The signed-in user shown at the foot of the sidebar (filled in by the accounts feature). */
export type SidebarAccount = {
  name: string;
  /** The current subscription's plan, already translated (e.g. "Business Plan"), or what stands for none. */
  subscriptionType: ReactNode;
  /** The email's verification badge, on a line of its own so it never wraps. */
  status?: ReactNode;
};

export type SidebarProps = {
  /** The credits widget (spec-1 §2: loading, error, no data or a balance; red when low). */
  credits?: ReactNode;
  account?: SidebarAccount | null;
};

/** The signed-in area's places; the phone menu lists them too (settings and help are in its user menu). */
export const ACCOUNT_LINKS = [
  { to: '/dashboard', key: 'sidebar.dashboard', icon: HomeIcon },
  { to: '/clients', key: 'sidebar.clients', icon: UsersIcon },
  { to: '/documents', key: 'sidebar.documents', icon: DocumentIcon },
  { to: '/credits', key: 'sidebar.credits', icon: CoinsIcon },
] as const;

const SIDEBAR_LINKS = [
  ...ACCOUNT_LINKS,
  { to: '/user', key: 'sidebar.settings', icon: SettingsIcon },
  { to: '/help', key: 'sidebar.help', icon: HelpIcon },
] as const satisfies readonly { to: string; key: string; icon: ComponentType<{ className?: string }> }[];

/** Desktop-only navigation for the signed-in area (spec-1 §2 "Sidebar"); hidden below the `lg` breakpoint. */
export function Sidebar({ credits = null, account = null }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <div className="hidden w-64 shrink-0 flex-col gap-6 border-r border-slate-200 bg-white px-4 py-6 lg:flex">
      {credits ? <div>{credits}</div> : null}
      <nav aria-label={t('a11y.accountNavigation')}>
        <ul className="flex flex-col gap-1">
          {SIDEBAR_LINKS.map(({ to, key, icon: LinkIcon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                    isActive
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                <LinkIcon className="size-5 shrink-0" />
                {t(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {account ? (
        <div className="mt-auto border-t border-slate-200 pt-4 text-sm">
          <p className="truncate font-medium text-slate-900">{account.name}</p>
          <p data-testid="sidebar-plan" className="text-slate-600">
            {t('sidebar.plan')}: {account.subscriptionType}
          </p>
          {account.status ? <p className="mt-2">{account.status}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
