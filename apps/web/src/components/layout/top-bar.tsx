import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../icons';
import { Logo } from '../logo';
import { NAV_LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from './nav-styles';
import { ACCOUNT_LINKS } from './sidebar';
import type { TopBarAccount } from './top-bar-account';
import { useDisclosure } from './use-disclosure';
import { UserMenu, UserMenuItems } from './user-menu';

type TopBarProps = { account?: TopBarAccount | null };

const MARKETING_LINKS = [
  { to: '/features', key: 'nav.features' },
  { to: '/credits', key: 'nav.pricing' },
  { to: '/blog', key: 'nav.blog' },
] as const;

export function TopBar({ account = null }: TopBarProps) {
  const { t } = useTranslation();
  const mobileMenu = useDisclosure();

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        <nav aria-label={t('a11y.mainNavigation')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MARKETING_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => `${NAV_LINK} ${isActive ? 'text-brand-800' : ''}`}
                >
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          {account ? (
            <>
              {account.reviewDesk ? (
                <NavLink
                  to="/review"
                  className={({ isActive }) => `${NAV_LINK} ${isActive ? 'text-brand-800' : ''}`}
                >
                  {t('nav.reviewDesk')}
                </NavLink>
              ) : null}
              <div className="text-sm">{account.credits}</div>
              <UserMenu account={account} />
            </>
          ) : (
            <>
              <Link to="/login" className={NAV_LINK}>
                {t('nav.login')}
              </Link>
              <Link to="/register" className={PRIMARY_BUTTON}>
                {t('nav.signup')}
              </Link>
            </>
          )}
        </div>

        <button
          type="button"
          {...mobileMenu.buttonProps}
          className="inline-flex items-center gap-2 rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        >
          {mobileMenu.isOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{mobileMenu.isOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
      </div>

      <div
        id={mobileMenu.panelId}
        ref={mobileMenu.panelRef}
        hidden={!mobileMenu.isOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <nav aria-label={t('nav.menu')}>
          <ul className="flex flex-col gap-1">
            {account?.reviewDesk ? (
              <li>
                <NavLink to="/review" className={`${NAV_LINK} block text-base`}>
                  {t('nav.reviewDesk')}
                </NavLink>
              </li>
            ) : null}
            {/* Signed in, the phone has no sidebar: its places come first, then the public pages. */}
            {(account
              ? [...ACCOUNT_LINKS, ...MARKETING_LINKS.filter((link) => link.to !== '/credits')]
              : MARKETING_LINKS
            ).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={`${NAV_LINK} block text-base`}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 border-t border-slate-200 pt-3">
          {account ? (
            <>
              <div className="px-3 pb-2 text-sm">{account.credits}</div>
              <UserMenuItems account={account} />
            </>
          ) : (
            <div className="flex flex-col gap-2">
              <Link to="/login" className={SECONDARY_BUTTON}>
                {t('nav.login')}
              </Link>
              <Link to="/register" className={PRIMARY_BUTTON}>
                {t('nav.signup')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
