import {
  type AccountType,
  type AuthResult,
  isCommonPassword,
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
import { authApi } from './auth-api';
import { ErrorAlert, Field } from './auth-ui';
import { GoogleSignIn } from './google-button';
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
  // A pack chosen before signing up (`?plan=<pack>`): Google sign-up continues to its checkout (issue 7).
  const [packId] = useState(() => params.get('plan') || undefined);
  const [accountType, setAccountType] = useState<AccountType>(fixedType ?? 'accountant');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const typeId = useId();

  const mutation = useMutation({
    mutationFn: (body: RegisterRequest) => authApi.register(body),
    onSuccess: (result) =>
      navigate('/register/success', {
        state: { [origin === 'startFree' ? 'fromStartFree' : 'fromRegister']: true, email: result.email },
      }),
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
    if (Object.keys(next).length === 0) mutation.mutate(body);
  }

  return (
    <div>
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
        onSignedIn={(result: AuthResult) => afterLogin(result)}
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
