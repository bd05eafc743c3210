import {
  type AccountType,
  type AuthResult,
  isCommonPassword,
  type Plan,
  type RegisterRequest,
  RegisterRequestSchema,
} from '@cuadra/shared';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PRIMARY_BUTTON } from '../../components/layout/nav-styles';
import { toLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { findBuyablePlan, planInvoicesLabel, planName, planPriceLabel, rememberChosenPlan } from '../plans';
import { authApi } from './auth-api';
import { ErrorAlert, Field } from './auth-ui';
import { GoogleSignIn } from './google-button';
import { hasPendingInvitation, InvitationNotice, usePendingInvitation } from './pending-invitation';
import { useAfterLogin } from './use-after-login';

type Errors = Partial<Record<'name' | 'email' | 'password', string>>;

/**
 * The sign-up form of /register, /register/{type} and /start-free (spec-1 §2): name, email, password, an
 * account type unless the route fixes it, a coupon held in state (from `?coupon=`, no visible input), an
 * error alert, a divider and Google sign-in. Success goes to /register/success with the email.
 */
export function SignUpForm({
  fixedType,
  origin,
}: {
  fixedType?: AccountType;
  origin: 'register' | 'startFree';
}) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [params] = useSearchParams();
  const [coupon] = useState(() => params.get('coupon') ?? '');
  // A plan chosen before signing up (`?plan=<id>`, issue 16 item 4): named above the form, and kept
  // until the first sign-in after verifying, which continues to its checkout. Google sign-up of a pack
  // continues to its checkout at once (issue 7).
  const [chosenPlan] = useState(() => findBuyablePlan(params.get('plan')));
  const packId = chosenPlan?.kind === 'pack' ? chosenPlan.id : undefined;
  // An invitee (an invitation kept while signing in, or `?type=freelancer`) signs up as a freelancer.
  const invitation = usePendingInvitation();
  const [accountType, setAccountType] = useState<AccountType>(
    () =>
      fixedType ??
      (hasPendingInvitation() || params.get('type') === 'freelancer' ? 'freelancer' : 'accountant'),
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const typeId = useId();

  const mutation = useMutation({
    mutationFn: (body: RegisterRequest) => authApi.register(body),
    onSuccess: (result) => {
      if (chosenPlan) rememberChosenPlan(chosenPlan.id);
      return navigate('/register/success', {
        state: { [origin === 'startFree' ? 'fromStartFree' : 'fromRegister']: true, email: result.email },
      });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      email,
      password,
      accountType: fixedType ?? accountType,
      // The spec: trimmed, and sent only when not empty.
      ...(coupon.trim() ? { couponCode: coupon.trim() } : {}),
      locale: toLocale(i18n.language),
      // Kept on the account: the checkout follows the first sign-in after verifying, in any browser.
      ...(chosenPlan ? { planId: chosenPlan.id } : {}),
    };
    const parsed = RegisterRequestSchema.safeParse(body);
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name') next.name = t('auth:validation.nameRequired');
        if (field === 'email') next.email = t('auth:validation.emailInvalid');
        if (field === 'password') next.password = t('auth:validation.passwordLength');
      }
    } else if (isCommonPassword(password)) {
      next.password = t('errors:PASSWORD_TOO_COMMON');
    }
    setErrors(next);
    if (Object.keys(next).length === 0) {
      // Kept before the request too: the Google button may sign the visitor in instead.
      if (chosenPlan) rememberChosenPlan(chosenPlan.id);
      mutation.mutate(body);
    }
  }

  return (
    <div>
      {invitation ? (
        <div className="mb-4">
          <InvitationNotice invitation={invitation} />
        </div>
      ) : null}
      {chosenPlan ? <ChosenPlanNote plan={chosenPlan} /> : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        {mutation.isError ? <ErrorAlert>{signUpErrorMessage(mutation.error, t)}</ErrorAlert> : null}
        {fixedType ? null : (
          <fieldset>
            <legend id={typeId} className="text-sm font-medium text-slate-800">
              {t('auth:signup.accountType')}
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {(['accountant', 'freelancer'] as const).map((type) => (
                <label
                  key={type}
                  className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ring-1 ${
                    accountType === type ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300'
                  }`}
                >
                  <input
                    type="radio"
                    name="accountType"
                    value={type}
                    checked={accountType === type}
                    onChange={() => setAccountType(type)}
                  />
                  {t(`auth:signup.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field
          label={t('auth:fields.name')}
          name="name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={errors.name}
        />
        <Field
          label={t('auth:fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <Field
          label={t('auth:fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={t('auth:fields.passwordHint')}
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className={`${PRIMARY_BUTTON} w-full disabled:opacity-60`}
        >
          {mutation.isPending ? t('auth:signup.submitting') : t('auth:signup.submit')}
        </button>
      </form>
      <GoogleSignIn
        mode="signup"
        accountType={fixedType ?? accountType}
        packId={packId}
        onSignedIn={(result: AuthResult) => {
          // A subscription chosen first: its checkout follows the Google sign-in (a pack's is started by
          // the server's answer instead).
          if (chosenPlan && !packId) rememberChosenPlan(chosenPlan.id);
          afterLogin(result);
        }}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth:signup.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-brand-800 hover:underline">
          {t('auth:signup.login')}
        </Link>
      </p>
    </div>
  );
}

/** The spec: the server's message, else a registration error; with no answer, a server error. */
function signUpErrorMessage(error: unknown, t: TFunction<['auth', 'errors']>): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('auth:signup.serverError');
    if (error.code !== 'UNKNOWN') return t(`errors:${error.code}`);
  }
  return t('auth:signup.registrationError');
}

/** Which plan the visitor chose before signing up, and that its payment comes after verifying. */
function ChosenPlanNote({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation(['auth', 'pricing']);
  const tp = useTranslation('pricing').t;
  const language = toLocale(i18n.resolvedLanguage);
  return (
    <div
      data-testid="chosen-plan"
      className="mb-6 rounded-lg bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-200"
    >
      <p className="font-semibold text-slate-900">
        {t('auth:signup.chosenPlan', { name: planName(tp, plan) })}
      </p>
      <p className="mt-1">
        {planPriceLabel(tp, plan, language)} · {planInvoicesLabel(tp, plan, language)}
      </p>
      <p className="mt-1">{t('auth:signup.chosenPlanNext')}</p>
      <Link to="/pricing" className="mt-2 inline-block font-medium text-brand-800 underline">
        {t('auth:signup.chosenPlanChange')}
      </Link>
    </div>
  );
}
