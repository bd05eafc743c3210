import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { logout, useAuth } from '../auth/auth-store';
import { CheckoutSuccessRegion, SettingsCredits, useSettingsPurchase } from '../credits/settings-credits';

const TABS = ['profile', 'credits', 'notifications'] as const;
type Tab = (typeof TABS)[number];

/**
 * /user (spec-1 §2 "Settings", spec-2 §2.9): tabs profile, credits and notifications. Coming back from
 * checkout, or from the pricing page with a pack, opens the credits tab.
 */
export function SettingsPage() {
  const { t } = useTranslation('credits');
  const { purchase, bannerVisible, hideBanner, chosenPackId } = useSettingsPurchase();
  const [tab, setTab] = useState<Tab>('profile');
  const returned = bannerVisible || purchase.state.status === 'cancelled' || chosenPackId !== null;

  useEffect(() => {
    if (returned) setTab('credits');
  }, [returned]);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('settings.title')} />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('settings.title')}</h1>
      <CheckoutSuccessRegion visible={bannerVisible} onDone={hideBanner} />
      <Tabs tab={tab} onChange={setTab}>
        {tab === 'profile' ? (
          <ProfilePanel />
        ) : tab === 'credits' ? (
          <SettingsCredits purchase={purchase} chosenPackId={chosenPackId} />
        ) : (
          <NotificationsPanel />
        )}
      </Tabs>
    </div>
  );
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel is in the page. */
function Tabs({
  tab,
  onChange,
  children,
}: {
  tab: Tab;
  onChange: (tab: Tab) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('credits');
  const id = useId();
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('settings.tabsLabel')}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-slate-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              refs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onChange(name)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(`settings.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="pt-6">
        {children}
      </div>
    </div>
  );
}

/** Personal info (name, email, account type) and the logout button, which returns to /login. */
function ProfilePanel() {
  const { t } = useTranslation('credits');
  const { t: tc } = useTranslation();
  const { t: ta } = useTranslation('auth');
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <section aria-labelledby="personal-info" className="flex flex-col gap-6">
      <h2 id="personal-info" className="text-lg font-semibold text-slate-900">
        {t('settings.profile.title')}
      </h2>
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('settings.profile.name')}</dt>
        <dd className="font-medium text-slate-900">{user.name}</dd>
        <dt className="text-slate-600">{t('settings.profile.email')}</dt>
        <dd className="font-medium text-slate-900">
          {user.email}{' '}
          <span className="font-normal text-slate-600">
            ({user.verified ? t('settings.profile.verified') : t('settings.profile.notVerified')})
          </span>
        </dd>
        <dt className="text-slate-600">{t('settings.profile.accountType')}</dt>
        <dd className="font-medium text-slate-900">{ta(`accountTypes.${user.accountType}`)}</dd>
      </dl>
      <button
        type="button"
        className={`${SECONDARY_BUTTON} self-start`}
        onClick={() => {
          void navigate('/login', { replace: true });
          logout();
        }}
      >
        {tc('logout')}
      </button>
    </section>
  );
}

/** Notifications: the emails Cuadra sends are all required ones, so there are no switches to offer. */
function NotificationsPanel() {
  const { t } = useTranslation('credits');
  const { user } = useAuth();
  return (
    <section aria-labelledby="notifications" className="flex max-w-2xl flex-col gap-3 text-sm text-slate-700">
      <h2 id="notifications" className="text-lg font-semibold text-slate-900">
        {t('settings.notifications.title')}
      </h2>
      <p>{t('settings.notifications.text')}</p>
      {user ? (
        <p>{t('settings.notifications.language', { language: t(`settings.languages.${user.locale}`) })}</p>
      ) : null}
    </section>
  );
}
