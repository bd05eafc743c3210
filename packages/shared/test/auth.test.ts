import { describe, expect, it } from 'vitest';
import { isCommonPassword, LoginRequestSchema, RegisterRequestSchema } from '../src';

describe('password rules', () => {
  it('refuses the most common passwords, with the usual suffixes and trivial runs', () => {
    for (const password of [
      'password',
      'Password123!',
      '12345678',
      'qwertyuiop',
      'barcelona2024',
      'Contraseña1',
      'aaaaaaaa',
      'abcabcabc',
      'asdfghjk',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['caballo-grapa-bateria', 'Tr0mb0n-Azul-77', 'correct horse battery staple']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('sign-up payload', () => {
  const base = {
    email: '  Ana@Example.COM ',
    password: 'x'.repeat(8),
    name: ' Ana ',
    accountType: 'accountant',
  };

  it('normalises the email and name, and keeps a coupon only when something is left after trimming', () => {
    expect(RegisterRequestSchema.parse({ ...base, couponCode: '  WELCOME ' })).toMatchObject({
      email: 'ana@example.com',
      name: 'Ana',
      couponCode: 'WELCOME',
    });
    expect(RegisterRequestSchema.parse({ ...base, couponCode: '   ' }).couponCode).toBeUndefined();
  });

  it('bounds the password to 8–128 characters', () => {
    expect(RegisterRequestSchema.safeParse({ ...base, password: 'x'.repeat(7) }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...base, password: 'x'.repeat(128) }).success).toBe(true);
    expect(RegisterRequestSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('refuses an address that is not an email, and an unknown account type', () => {
    expect(RegisterRequestSchema.safeParse({ ...base, email: 'ana' }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...base, accountType: 'admin' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ email: 'ANA@example.com', password: '' }).success).toBe(false);
  });
});
