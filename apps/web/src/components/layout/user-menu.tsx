import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../icons';
import { MENU_ITEM } from './nav-styles';
import type { TopBarAccount } from './top-bar-account';
import { useDisclosure } from './use-disclosure';

/** The signed-in user's menu in the top bar: settings, buy credits, help, logout (spec-1 §2). */
export function UserMenu({ account }: { account: TopBarAccount }) {
  const { t } = useTranslation();
  const menu = useDisclosure();
  return (
    <div className="relative">
      <button
        type="button"
        {...menu.buttonProps}
        aria-label={t('userMenu.label', { name: account.name })}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <span className="max-w-40 truncate">{account.name}</span>
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={menu.panelId}
        ref={menu.panelRef}
        hidden={!menu.isOpen}
        className="absolute right-0 z-30 mt-2 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
      >
        <UserMenuItems account={account} />
      </div>
    </div>
  );
}

/** The menu's entries; also listed in the mobile menu. */
export function UserMenuItems({ account }: { account: TopBarAccount }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col">
      <li>
        <Link to="/user" className={MENU_ITEM}>
          {t('userMenu.settings')}
        </Link>
      </li>
      <li>
        <Link to="/credits" className={MENU_ITEM}>
          {t('userMenu.buyCredits')}
        </Link>
      </li>
      <li>
        <Link to="/help" className={MENU_ITEM}>
          {t('userMenu.help')}
        </Link>
      </li>
      <li className="mt-1 border-t border-slate-200 pt-1">
        <button type="button" onClick={account.onLogout} className={MENU_ITEM}>
          {t('logout')}
        </button>
      </li>
    </ul>
  );
}
