import {
  AuthResultSchema,
  ChangeEmailRequestSchema,
  ChangeEmailResultSchema,
  ChangePasswordRequestSchema,
  ErrorBodySchema,
  HistorySchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  UpdateMeRequestSchema,
  UserSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { type AuthEnv, readerMay, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { presetHeader } from '../../http/node';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import {
  changePassword,
  getOwnHistory,
  requestEmailChange,
  toNotificationSettings,
  updateMe,
  updateNotificationSettings,
} from './service';
import { toUser } from './user';

const unauthorized = {
  description: 'Not signed in',
  content: { 'application/json': { schema: ErrorBodySchema } },
};
const invalid = {
  description: 'Invalid input',
  content: { 'application/json': { schema: ErrorBodySchema } },
};

const meRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['auth'],
  summary: 'The signed-in user, with the credit balance',
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } },
    401: unauthorized,
  },
});

const updateMeRoute = createRoute({
  middleware: [readerMay],
  method: 'patch',
  path: '/',
  tags: ['auth'],
  summary:
    'Change the name or the language (the language of every later email), or let go of the plan chosen before signing up',
  security: [{ bearer: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: UpdateMeRequestSchema } } } },
  responses: {
    200: { description: 'The updated user', content: { 'application/json': { schema: UserSchema } } },
    400: invalid,
    401: unauthorized,
  },
});

const passwordRoute = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/password',
  tags: ['auth'],
  summary: 'Change the password with the current one; other sessions end, the answer carries a new token',
  security: [{ bearer: [] }],
  request: {
    body: { required: true, content: { 'application/json': { schema: ChangePasswordRequestSchema } } },
  },
  responses: {
    200: { description: 'A new session', content: { 'application/json': { schema: AuthResultSchema } } },
    400: {
      description: 'Wrong current password (CURRENT_PASSWORD_WRONG) or a weak new one',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    401: unauthorized,
  },
});

const emailRoute = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/email',
  tags: ['auth'],
  summary:
    'Ask to change the email: a link goes to the new address, and the email changes only when it is followed',
  security: [{ bearer: [] }],
  request: {
    body: { required: true, content: { 'application/json': { schema: ChangeEmailRequestSchema } } },
  },
  responses: {
    202: {
      description: 'A confirmation link was sent to the new address',
      content: { 'application/json': { schema: ChangeEmailResultSchema } },
    },
    400: {
      description:
        'Wrong current password (CURRENT_PASSWORD_WRONG), the same email (EMAIL_UNCHANGED) or invalid',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    401: unauthorized,
    409: {
      description: 'Another account uses this email (EMAIL_IN_USE)',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
    429: {
      description: 'Too many requests; see Retry-After',
      content: { 'application/json': { schema: ErrorBodySchema } },
    },
  },
});

const notificationsRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags: ['auth'],
  summary: 'Which optional emails the user receives',
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: 'The settings',
      content: { 'application/json': { schema: NotificationSettingsSchema } },
    },
    401: unauthorized,
  },
});

const updateNotificationsRoute = createRoute({
  middleware: [readerMay],
  method: 'patch',
  path: '/notifications',
  tags: ['auth'],
  summary: 'Turn optional emails on or off',
  security: [{ bearer: [] }],
  request: {
    body: { required: true, content: { 'application/json': { schema: NotificationSettingsUpdateSchema } } },
  },
  responses: {
    200: {
      description: 'The settings',
      content: { 'application/json': { schema: NotificationSettingsSchema } },
    },
    400: invalid,
    401: unauthorized,
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/history',
  tags: ['auth'],
  summary: "The user's own settings changes (name, language, optional emails), oldest first",
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'The history', content: { 'application/json': { schema: HistorySchema } } },
    401: unauthorized,
  },
});

/** `/api/v1/me`: the signed-in user, their profile, language, password and email preferences. */
export function meRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  router.use('*', requireAuth(services));
  return router
    .openapi(meRoute, async (c) => {
      presetHeader(c, 'Cache-Control', 'no-store');
      // The balance came with the session lookup: one query for the whole request.
      return c.json(
        await toUser(services.db, c.get('user'), new Date(), {
          balance: c.get('balance'),
          member: c.get('member'),
        }),
        200,
      );
    })
    .openapi(updateMeRoute, async (c) =>
      c.json(
        await updateMe(
          services.db,
          c.get('user'),
          c.req.valid('json'),
          viaOfRequest(c.req.header('X-Cuadra-Via')),
        ),
        200,
      ),
    )
    .openapi(passwordRoute, async (c) =>
      c.json(await changePassword(services, c.get('user'), c.req.valid('json')), 200),
    )
    .openapi(emailRoute, async (c) =>
      c.json(await requestEmailChange(services, c.get('user'), c.req.valid('json')), 202),
    )
    .openapi(notificationsRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(toNotificationSettings(c.get('user')), 200);
    })
    .openapi(updateNotificationsRoute, async (c) => {
      const via = viaOfRequest(c.req.header('X-Cuadra-Via'));
      return c.json(
        await updateNotificationSettings(services.db, c.get('user'), c.req.valid('json'), via),
        200,
      );
    })
    .openapi(historyRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getOwnHistory(services.db, c.get('user')), 200);
    });
}
