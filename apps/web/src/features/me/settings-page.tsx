import { LOCALES, NOTIFICATION_KINDS, type NotificationKind, PASSWORD_MIN_LENGTH } from '@cuadra/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { saveAccountLocale } from '../../access/account-locale';
import { login, logout, updateUser, useAuth } from '../../access/auth-store';
import { DocumentTitle } from '../../components/document-title';
import { SECONDARY_BUTTON } from '../../components/layout/nav-styles';
import { inputClass, primaryButtonClass } from '../../components/ui/index';
import { Tabs } from '../../components/ui/tabs';
import { LANGUAGE_NAMES } from '../../i18n/language-names';
import { useErrorMessage } from '../../lib/error-message';
import { teamKeys } from '../../lib/query-keys';
import { CheckoutSuccessRegion, SettingsCredits, useSettingsPurchase } from '../checkout';
import { TeamPanel } from '../firms';
import { HistoryList } from '../history';
import { PlanSettings } from '../plans';
import { meApi } from './me-api';

const TABS = ['profile', 'team', 'credits', 'plan', 'notifications'] as const;
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
  const wantsTeam = params.get('tab') === 'team';

  useEffect(() => {
    if (returned) setTab('credits');
    else if (wantsPlan) setTab('plan');
    else if (wantsTeam) setTab('team');
  }, [returned, wantsPlan, wantsTeam]);

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
        ) : tab === 'team' ? (
          <TeamPanel />
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
      <OwnHistory />
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

/** A labelled input of the profile forms. */
function SettingsInput({
  label,
  value,
  onChange,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </>
  );
}

/** What a save ended in: a polite note when it worked, the reason when it did not. */
function SaveOutcome({ success, error }: { success: string | null; error: unknown }) {
  const toMessage = useErrorMessage();
  return (
    <>
      <p role="status" className="text-sm text-slate-700">
        {success}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {toMessage(error)}
        </p>
      ) : null}
    </>
  );
}

/** A profile form: a titled column with its fields, submit button and outcome. */
function SettingsForm({
  title,
  submitLabel,
  onSubmit,
  pending,
  children,
}: {
  title?: string;
  submitLabel: string;
  onSubmit: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      className="flex max-w-md flex-col gap-2"
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {title ? (
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
      ) : null}
      {children}
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Issue 40: the user's own settings changes (name, language, optional emails), newest first. */
function OwnHistory() {
  const { t } = useTranslation('team');
  const id = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Name and language change here or from the footer's switch: either way the account changed, so read again.
  useEffect(() => {
    if (user?.name || user?.locale)
      void queryClient.invalidateQueries({ queryKey: teamKeys.history('me', '') });
  }, [queryClient, user?.name, user?.locale]);
  return (
    <section aria-labelledby={id} className="flex max-w-2xl flex-col gap-2">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {t('history.ownTitle')}
      </h3>
      <HistoryList entity="me" id="" />
    </section>
  );
}

/** The name shown to clients and in emails. */
function NameForm({ name: saved }: { name: string }) {
  const { t } = useTranslation('credits');
  const [name, setName] = useState(saved);
  const save = useMutation({ mutationFn: () => meApi.update({ name }), onSuccess: updateUser });
  return (
    <SettingsForm
      submitLabel={t('settings.profile.saveName')}
      onSubmit={save.mutate}
      pending={save.isPending}
    >
      <SettingsInput
        label={t('settings.profile.name')}
        value={name}
        onChange={setName}
        required
        maxLength={100}
        autoComplete="name"
      />
      <SaveOutcome success={save.isSuccess ? t('settings.profile.saved') : null} error={save.error} />
    </SettingsForm>
  );
}

/** The account's language: the app's and every email's. */
function LanguageForm() {
  const { t, i18n } = useTranslation('credits');
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
      <SaveOutcome success={null} error={save.error} />
    </div>
  );
}

/**
 * A new email address: a link goes to it, and the account changes only when that link is opened (the old
 * address is then told). The current password proves the owner is asking.
 */
function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation('credits');
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrent] = useState('');
  const save = useMutation({
    mutationFn: () => meApi.requestEmailChange({ newEmail, currentPassword }),
    onSuccess: () => setCurrent(''),
  });
  return (
    <SettingsForm
      title={t('settings.email.title')}
      submitLabel={t('settings.email.submit')}
      onSubmit={save.mutate}
      pending={save.isPending}
    >
      <SettingsInput
        label={t('settings.email.new')}
        type="email"
        value={newEmail}
        onChange={setNewEmail}
        required
        maxLength={254}
        autoComplete="email"
      />
      <SettingsInput
        label={t('settings.email.current')}
        type="password"
        value={currentPassword}
        onChange={setCurrent}
        autoComplete="current-password"
      />
      <SaveOutcome
        success={save.data ? t('settings.email.sent', { email: save.data.pendingEmail, current }) : null}
        error={save.error}
      />
    </SettingsForm>
  );
}

/** A new password after the current one; the answer's new session replaces this one (others end). */
function PasswordForm() {
  const { t } = useTranslation('credits');
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const save = useMutation({
    mutationFn: () => meApi.changePassword({ currentPassword, newPassword }),
    onSuccess: (result) => {
      login(result);
      setCurrent('');
      setNew('');
    },
  });
  return (
    <SettingsForm
      title={t('settings.password.title')}
      submitLabel={t('settings.password.submit')}
      onSubmit={save.mutate}
      pending={save.isPending}
    >
      <SettingsInput
        label={t('settings.password.current')}
        type="password"
        value={currentPassword}
        onChange={setCurrent}
        required
        autoComplete="current-password"
      />
      <SettingsInput
        label={t('settings.password.new')}
        type="password"
        value={newPassword}
        onChange={setNew}
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
      />
      <SaveOutcome success={save.isSuccess ? t('settings.password.changed') : null} error={save.error} />
    </SettingsForm>
  );
}

/** Optional emails, one switch each; account emails (verification, reset, invitations) are always sent. */
function NotificationsPanel() {
  const { t } = useTranslation('credits');
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['me', 'notifications'], queryFn: meApi.notifications });
  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationKind, boolean>>) => meApi.updateNotifications(change),
    onSuccess: (next) => {
      queryClient.setQueryData(['me', 'notifications'], next);
      void queryClient.invalidateQueries({ queryKey: teamKeys.history('me', '') });
    },
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
      ) : settings.isPending ? (
        <p role="status">{t('settings.notifications.loading')}</p>
      ) : null}
      <SaveOutcome success={null} error={save.error ?? settings.error} />
    </section>
  );
}
