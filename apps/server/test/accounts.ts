import { listOutbox } from '../src/mail/mailer';
import { bodyOf, type TestContext } from './harness';

/**
 * Accounts for integration tests, made the way a user makes them: sign up, open the emailed link, sign in.
 * The context must be created with `TRUST_PROXY: 'true'`: each request then comes from its own address
 * (X-Forwarded-For), so the sign-up and login throttles stay out of the way.
 */
export const TEST_PASSWORD = 'caballo-grapa-bateria';

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
export const nextAddress = () => `10.9.${Math.floor(++counter / 250) % 250}.${counter % 250}`;

export type TestAccount = { id: string; email: string; name: string; token: string };

/** The token of the newest link with this path sent to `email`, read from the outbox. */
export async function emailedToken(ctx: TestContext, email: string, path: string): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`);
  const match = (await listOutbox(ctx.db))
    .filter((mail) => mail.to === email)
    .map((mail) => pattern.exec(mail.text))
    .find(Boolean);
  if (!match?.[1]) throw new Error(`No ${path} link for ${email}`);
  return match[1];
}

export async function signUp(
  ctx: TestContext,
  options: {
    accountType?: 'accountant' | 'freelancer';
    name?: string;
    email?: string;
    locale?: 'en' | 'es';
    verified?: boolean;
  } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail(options.accountType ?? 'accountant');
  const name = options.name ?? 'Ana García';
  const registered = await ctx.json(
    '/api/v1/auth/register',
    {
      email,
      password: TEST_PASSWORD,
      name,
      accountType: options.accountType ?? 'accountant',
      locale: options.locale,
    },
    { headers: { 'x-forwarded-for': nextAddress() } },
  );
  if (registered.status !== 201)
    throw new Error(`sign-up failed: ${JSON.stringify(await bodyOf(registered))}`);
  if (options.verified !== false) {
    const token = await emailedToken(ctx, email, '/verify-email');
    const verified = await ctx.json('/api/v1/auth/verify-email', { token });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
  }
  const login = await ctx.json(
    '/api/v1/auth/login',
    { email, password: TEST_PASSWORD },
    { headers: { 'x-forwarded-for': nextAddress() } },
  );
  const body = await bodyOf(login);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return { id: body.user.id, email, name, token: body.token };
}

export const bearer = (account: { token: string } | null): Record<string, string> =>
  account ? { authorization: `Bearer ${account.token}` } : {};
