import {
  AuthResultSchema,
  ConfirmEmailChangeRequestSchema,
  ConfirmEmailChangeResultSchema,
  ErrorBodySchema,
  GoogleAuthRequestSchema,
  GoogleAuthResultSchema,
  LoginRequestSchema,
  OkSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResendVerificationResultSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResultSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type AuthEnv, readerMay, requireAuth } from '../../access/session';
import { clientAddress } from '../../http/client-address';
import { validationHook } from '../../http/errors';
import { noStore } from '../../http/middleware';
import { bearer, body, json } from '../../http/openapi';
import type { Services } from '../../services';
import { confirmEmailChange } from '../me';
import * as auth from './service';

const errors = {
  400: json(ErrorBodySchema, 'Invalid input'),
  429: json(ErrorBodySchema, 'Too many attempts; see Retry-After'),
};

const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: ['auth'],
  summary:
    'Create an account and email a verification link. A taken address gets the same answer; its owner is emailed instead.',
  request: { body: body(RegisterRequestSchema) },
  responses: {
    201: json(RegisterResponseSchema, 'Check your email: a verification link, or a note to the owner'),
    ...errors,
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags: ['auth'],
  summary: 'Sign in with email and password',
  request: { body: body(LoginRequestSchema) },
  responses: {
    200: json(AuthResultSchema, 'Signed in'),
    401: json(ErrorBodySchema, 'INVALID_CREDENTIALS (same answer for an unknown email)'),
    ...errors,
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/verify-email',
  tags: ['auth'],
  summary: 'Spend an email-verification token; grants the welcome credits once',
  request: { body: body(VerifyEmailRequestSchema) },
  responses: {
    200: json(VerifyEmailResultSchema, 'Verified now, or already verified'),
    404: json(ErrorBodySchema, 'USER_NOT_FOUND'),
    ...errors,
  },
});

const confirmEmailChangeRoute = createRoute({
  method: 'post',
  path: '/confirm-email-change',
  tags: ['auth'],
  summary: 'Spend the link sent to a new address: the account moves to it, and the old address is told',
  request: { body: body(ConfirmEmailChangeRequestSchema) },
  responses: {
    200: json(ConfirmEmailChangeResultSchema, 'The account now uses this email'),
    404: json(ErrorBodySchema, 'USER_NOT_FOUND'),
    409: json(ErrorBodySchema, 'EMAIL_IN_USE: another account took the address meanwhile'),
    ...errors,
  },
});

const resendRoute = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/resend-verification',
  tags: ['auth'],
  summary: 'Email a new verification link to the signed-in user',
  security: bearer,
  responses: {
    200: json(ResendVerificationResultSchema, 'Sent, or nothing to do'),
    401: json(ErrorBodySchema, 'Not signed in'),
    429: errors[429],
  },
});

const resetRequestRoute = createRoute({
  method: 'post',
  path: '/password-reset',
  tags: ['auth'],
  summary: 'Email a password-reset link (same answer whether the account exists or not)',
  request: { body: body(PasswordResetRequestSchema) },
  responses: { 202: json(OkSchema, 'Accepted'), ...errors },
});

const resetConfirmRoute = createRoute({
  method: 'post',
  path: '/password-reset/confirm',
  tags: ['auth'],
  summary: 'Set a new password with a reset token; signs out every session',
  request: { body: body(PasswordResetConfirmSchema) },
  responses: { 200: json(OkSchema, 'Password changed'), ...errors },
});

const googleRoute = createRoute({
  method: 'post',
  path: '/google',
  tags: ['auth'],
  summary: 'Sign in or sign up with a Google ID token',
  request: { body: body(GoogleAuthRequestSchema) },
  responses: {
    200: json(GoogleAuthResultSchema, 'Signed in'),
    401: json(ErrorBodySchema, 'GOOGLE_TOKEN_INVALID'),
    404: json(ErrorBodySchema, 'GOOGLE_NOT_CONFIGURED'),
    409: json(ErrorBodySchema, 'GOOGLE_LINK_REQUIRES_PASSWORD'),
    ...errors,
  },
});

const logoutEverywhereRoute = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/logout-everywhere',
  tags: ['auth'],
  summary: 'Invalidate every access token of the signed-in user',
  security: bearer,
  responses: { 200: json(OkSchema, 'Signed out everywhere'), 401: json(ErrorBodySchema, 'Not signed in') },
});

export function authRoutes(services: Services) {
  const caller = (c: Context<AuthEnv>): auth.Caller => ({
    address: clientAddress(c, services.config.TRUST_PROXY),
    locale: c.get('locale'),
  });
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  router.use('/resend-verification', requireAuth(services));
  router.use('/logout-everywhere', requireAuth(services));
  // Answers that carry tokens or account data are never cached.
  router.use('*', noStore);

  return router
    .openapi(registerRoute, async (c) =>
      c.json(await auth.register(services, c.req.valid('json'), caller(c)), 201),
    )
    .openapi(loginRoute, async (c) => c.json(await auth.login(services, c.req.valid('json'), caller(c)), 200))
    .openapi(verifyRoute, async (c) =>
      c.json(await auth.verifyEmail(services, c.req.valid('json').token), 200),
    )
    .openapi(confirmEmailChangeRoute, async (c) =>
      c.json(await confirmEmailChange(services, c.req.valid('json').token), 200),
    )
    .openapi(resendRoute, async (c) => c.json(await auth.resendVerification(services, c.get('user')), 200))
    .openapi(resetRequestRoute, async (c) =>
      c.json(await auth.requestPasswordReset(services, c.req.valid('json'), caller(c)), 202),
    )
    .openapi(resetConfirmRoute, async (c) =>
      c.json(await auth.confirmPasswordReset(services, c.req.valid('json')), 200),
    )
    .openapi(googleRoute, async (c) =>
      c.json(await auth.googleSignIn(services, c.req.valid('json'), caller(c)), 200),
    )
    .openapi(logoutEverywhereRoute, async (c) => {
      await auth.logoutEverywhere(services, c.get('user'));
      return c.json({ ok: true as const }, 200);
    });
}
