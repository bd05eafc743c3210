import type { User } from '@cuadra/shared';

/** A token the browser accepts (three parts, `exp` in the future); only the server could check its signature. */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u-1', exp: expSeconds, typ: 'access' })}.signature`;
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    email: 'ana@example.com',
    name: 'Ana García',
    accountType: 'accountant',
    status: 'active',
    subscriptionType: 'accountant',
    locale: 'en',
    verified: true,
    registrationStep: 2,
    credits: { available: 12, lastPurchase: null, lastUsage: null, lastCheck: new Date(0).toISOString() },
    chosenPlanId: null,
    ...overrides,
  };
}

/** Stores a session as a signed-in browser holds it; the app reads it at startup. */
export function storeTestSession(
  user: User = testUser(),
  token = fakeToken(),
): { user: User; token: string } {
  window.localStorage.setItem('authToken', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  return { user, token };
}
