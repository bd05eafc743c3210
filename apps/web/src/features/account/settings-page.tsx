import { LOCALES, NOTIFICATION_KINDS, type NotificationKind, PASSWORD_MIN_LENGTH } from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { LANGUAGE_NAMES } from '../../components/layout/language-switcher';
import { SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { inputClass, primaryButtonClass } from '../../components/ui';
import { Tabs } from '../../components/ui/tabs';
import { useErrorMessage } from '../../lib/error-message';
import { login, logout, updateUser, useAuth } from '../auth/auth-store';
import { CheckoutSuccessRegion, SettingsCredits, useSettingsPurchase } from '../credits/settings-credits';
import { PlanSettings } from '../plans/plan-settings';
import { accountApi, saveAccountLocale } from './account-api';

const TABS = ['profile', 'credits', 'plan', 'notifications'] as const;
type Tab = (typeof TABS)[number];

/**
 * /user (spec-1 §2 "Settings", spec-2 §2.9): tabs profile, credits, plan (issue 19) and notifications.
 * Coming back from checkout, or from the pricing page with a pack, opens the credits tab; `?tab=plan` the
 * plan tab.
 */
export function SettingsPage() {
  const { t } = useTranslation('credits');
  const { purchase, bannerVisible, hideBanner, chosenPackId } = useSettingsPurchase();
  const [tab, setTab] = useState<Tab>('profile');
  const returned = bannerVisible || purchase.state.status === 'cancelled' || chosenPackId !== null;

  const [params] = useSearchParams();
  const wantsPlan = params.get('tab') === 'plan';

  useEffect(() => {
    if (returned) setTab('credits');
    else if (wantsPlan) setTab('plan');
  }, [returned, wantsPlan]);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('settings.title')} />
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t('settings.title')}</h1>
      <CheckoutSuccessRegion visible={bannerVisible} onDone={hideBanner} />
      <Tabs
        tabs={TABS}
        tab={tab}
        onChange={setTab}
        label={t('settings.tabsLabel')}
        nameOf={(name) => t(`settings.tabs.${name}`)}
        panelClassName="pt-6"
      >
        {tab === 'profile' ? (
          <ProfilePanel />
        ) : tab === 'credits' ? (
          <SettingsCredits purchase={purchase} chosenPackId={chosenPackId} />
        ) : tab === 'plan' ? (
          <PlanSettings />
        ) : (
          <NotificationsPanel />
        )}
      </Tabs>
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
      <NameForm name={user.name} />
      <LanguageForm />
      <EmailForm current={user.email} />
      <PasswordForm />
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

/** The name shown to clients and in emails. */
function NameForm({ name: saved }: { name: string }) {
  const { t } = useTranslation('credits');
  const toMessage = useErrorMessage();
  const id = useId();
  const [name, setName] = useState(saved);
  const save = useMutation({ mutationFn: () => accountApi.update({ name }), onSuccess: updateUser });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('settings.profile.name')}
      </label>
      <input
        id={id}
        className={inputClass}
        value={name}
        required
        maxLength={100}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={save.isPending}>
        {t('settings.profile.saveName')}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {save.isSuccess ? t('settings.profile.saved') : null}
      </p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}

/** The account's language: the app's and every email's. */
function LanguageForm() {
  const { t, i18n } = useTranslation('credits');
  const toMessage = useErrorMessage();
  const { user } = useAuth();
  const id = useId();
  const save = useMutation({
    mutationFn: async (locale: (typeof LOCALES)[number]) => {
      await saveAccountLocale(locale);
      await i18n.changeLanguage(locale);
    },
  });
  if (!user) return null;
  return (
    <div className="flex max-w-md flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        className={inputClass}
        value={user.locale}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.target.value === 'en' ? 'en' : 'es')}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p className="text-sm text-slate-600">{t('settings.language.hint')}</p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new email address: a link goes to it, and the account changes only when that link is opened (the old
 * address is then told). The current password proves the owner is asking.
 */
function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation('credits');
  const toMessage = useErrorMessage();
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrent] = useState('');
  const save = useMutation({
    mutationFn: () => accountApi.requestEmailChange({ newEmail, currentPassword }),
    onSuccess: () => setCurrent(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('settings.email.title')}
      </h3>
      <label htmlFor={`${id}-new`} className="text-sm font-medium text-slate-700">
        {t('settings.email.new')}
      </label>
      <input
        id={`${id}-new`}
        type="email"
        className={inputClass}
        value={newEmail}
        required
        maxLength={254}
        autoComplete="email"
        onChange={(event) => setNewEmail(event.target.value)}
      />
      <label htmlFor={`${id}-current`} className="text-sm font-medium text-slate-700">
        {t('settings.email.current')}
      </label>
      <input
        id={`${id}-current`}
        type="password"
        className={inputClass}
        value={currentPassword}
        autoComplete="current-password"
        onChange={(event) => setCurrent(event.target.value)}
      />
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={save.isPending}>
        {t('settings.email.submit')}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {save.data ? t('settings.email.sent', { email: save.data.pendingEmail, current }) : null}
      </p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}

/** A new password after the current one; the answer's new session replaces this one (others end). */
function PasswordForm() {
  const { t } = useTranslation('credits');
  const toMessage = useErrorMessage();
  const id = useId();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const save = useMutation({
    mutationFn: () => accountApi.changePassword({ currentPassword, newPassword }),
    onSuccess: (result) => {
      login(result);
      setCurrent('');
      setNew('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('settings.password.title')}
      </h3>
      <label htmlFor={`${id}-current`} className="text-sm font-medium text-slate-700">
        {t('settings.password.current')}
      </label>
      <input
        id={`${id}-current`}
        type="password"
        className={inputClass}
        value={currentPassword}
        required
        autoComplete="current-password"
        onChange={(event) => setCurrent(event.target.value)}
      />
      <label htmlFor={`${id}-new`} className="text-sm font-medium text-slate-700">
        {t('settings.password.new')}
      </label>
      <input
        id={`${id}-new`}
        type="password"
        className={inputClass}
        value={newPassword}
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        onChange={(event) => setNew(event.target.value)}
      />
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={save.isPending}>
        {t('settings.password.submit')}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {save.isSuccess ? t('settings.password.changed') : null}
      </p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(save.error)}
        </p>
      ) : null}
    </form>
  );
}

/** Optional emails, one switch each; account emails (verification, reset, invitations) are always sent. */
function NotificationsPanel() {
  const { t } = useTranslation('credits');
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['me', 'notifications'], queryFn: accountApi.notifications });
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, boolean>>) =>
      accountApi.updateNotifications(change),
    onSuccess: (next) => queryClient.setQueryData(['me', 'notifications'], next),
  });
  return (
    <section aria-labelledby="notifications" className="flex max-w-2xl flex-col gap-3 text-sm text-slate-700">
      <h2 id="notifications" className="text-lg font-semibold text-slate-900">
        {t('settings.notifications.title')}
      </h2>
      <p>{t('settings.notifications.text')}</p>
      {settings.data ? (
        <fieldset className="flex flex-col gap-2" disabled={save.isPending}>
          <legend className="sr-only">{t('settings.notifications.title')}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={settings.data[kind]}
                onChange={(event) => save.mutate({ [kind]: event.target.checked })}
              />
              {t(`settings.notifications.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {settings.isError || save.isError ? (
        <p role="alert" className="text-red-700">
          {toMessage(save.error ?? settings.error)}
        </p>
      ) : null}
    </section>
  );
}
