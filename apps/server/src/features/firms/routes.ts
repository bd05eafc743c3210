import {
  AcceptInvitationRequestSchema,
  ClientMembersSchema,
  ErrorBodySchema,
  FirmInvitationPreviewSchema,
  FirmInvitationSchema,
  FirmViewSchema,
  InviteMemberRequestSchema,
  UpdateFirmRequestSchema,
  UpdateMemberRequestSchema,
} from '@cuadra/shared';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type AuthEnv, readerMay, requireAuth } from '../../access/session';
import { validationHook } from '../../http/errors';
import { noStore } from '../../http/middleware';
import { bearer, body, json } from '../../http/openapi';
import type { Services } from '../../services';
import { viaOfRequest } from '../history';
import * as firms from './service';

const unauthorized = { 401: json(ErrorBodySchema, 'Not signed in, or the session was ended') };
const invalid = { 400: json(ErrorBodySchema, 'VALIDATION_FAILED') };
const managersOnly = {
  403: json(ErrorBodySchema, 'ROLE_MANAGERS_ONLY (owner or admin), ROLE_READ_ONLY or ACCOUNTANTS_ONLY'),
};
const UserParams = z.object({ userId: z.string().max(100) });
const ClientParams = z.object({ id: z.string().max(100) });

const getFirmRoute = createRoute({
  method: 'get',
  path: '/firm',
  tags: ['team'],
  summary: 'The signed-in accountant’s firm: its members, their roles, and open invitations',
  security: bearer,
  responses: { 200: json(FirmViewSchema, 'The firm'), ...managersOnly, ...unauthorized },
});

const updateFirmRoute = createRoute({
  method: 'patch',
  path: '/firm',
  tags: ['team'],
  summary: 'Rename the firm or set its tax id (owner or admin)',
  security: bearer,
  request: { body: body(UpdateFirmRequestSchema) },
  responses: { 200: json(FirmViewSchema, 'Updated'), ...managersOnly, ...invalid, ...unauthorized },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/firm/invitations',
  tags: ['team'],
  summary: 'Email a colleague an invitation to join the firm with a role (single use, bound to the address)',
  security: bearer,
  request: { body: body(InviteMemberRequestSchema) },
  responses: {
    201: json(FirmInvitationSchema, 'Invitation sent'),
    409: json(ErrorBodySchema, 'MEMBER_ALREADY_IN_FIRM'),
    429: json(ErrorBodySchema, 'RATE_LIMITED'),
    ...managersOnly,
    ...invalid,
    ...unauthorized,
  },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/firm/invitations/{invitationId}',
  tags: ['team'],
  summary: 'Void an open invitation',
  security: bearer,
  request: { params: z.object({ invitationId: z.string().max(100) }) },
  responses: {
    204: { description: 'Voided' },
    404: json(ErrorBodySchema, 'INVITATION_INVALID'),
    ...managersOnly,
    ...unauthorized,
  },
});

const updateMemberRoute = createRoute({
  method: 'patch',
  path: '/firm/members/{userId}',
  tags: ['team'],
  summary: 'Change a member’s role, all-clients access or monthly credit cap (the cap: owner only)',
  security: bearer,
  request: { params: UserParams, body: body(UpdateMemberRequestSchema) },
  responses: {
    200: json(FirmViewSchema, 'Updated'),
    404: json(ErrorBodySchema, 'MEMBER_NOT_FOUND'),
    ...managersOnly,
    ...invalid,
    ...unauthorized,
  },
});

const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/firm/members/{userId}',
  tags: ['team'],
  summary: 'Remove a member; their sessions end at once',
  security: bearer,
  request: { params: UserParams },
  responses: {
    204: { description: 'Removed' },
    404: json(ErrorBodySchema, 'MEMBER_NOT_FOUND'),
    ...managersOnly,
    ...unauthorized,
  },
});

const handOverRoute = createRoute({
  method: 'post',
  path: '/firm/members/{userId}/hand-over',
  tags: ['team'],
  summary: 'Hand the firm to this member (owner only): they become its owner, you an admin; billing follows',
  security: bearer,
  request: { params: UserParams },
  responses: {
    200: json(FirmViewSchema, 'Handed over: the firm as its former owner, now an admin, sees it'),
    403: json(ErrorBodySchema, 'ROLE_OWNER_ONLY or ROLE_READ_ONLY'),
    404: json(ErrorBodySchema, 'MEMBER_NOT_FOUND: not a current member of the firm (or yourself)'),
    409: json(ErrorBodySchema, 'FIRM_HANDOVER_SUBSCRIPTION: the member pays for a plan of their own'),
    ...unauthorized,
  },
});

const leaveRoute = createRoute({
  middleware: [readerMay],
  method: 'post',
  path: '/firm/leave',
  tags: ['team'],
  summary: 'Leave the firm (not its owner); every session of the account ends at once',
  security: bearer,
  responses: {
    204: { description: 'Left; sign in again to use the account on its own' },
    403: json(ErrorBodySchema, 'ROLE_OWNER_ONLY: the owner cannot leave their own firm'),
    ...unauthorized,
  },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/firm-invitations/{token}',
  tags: ['team'],
  summary: 'What a team invitation link is for (the token is the credential: no sign-in needed)',
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: json(FirmInvitationPreviewSchema, 'An open invitation'),
    404: json(ErrorBodySchema, 'INVITATION_INVALID or INVITATION_EXPIRED'),
  },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/firm-invitations/accept',
  tags: ['team'],
  summary: 'Join the firm as the invited accountant',
  security: bearer,
  request: { body: body(AcceptInvitationRequestSchema) },
  responses: {
    200: json(z.object({ firmId: z.uuid() }), 'Joined'),
    403: json(
      ErrorBodySchema,
      'INVITATION_WRONG_ACCOUNT, EMAIL_NOT_VERIFIED or FIRM_INVITATION_ACCOUNTANTS_ONLY',
    ),
    404: json(ErrorBodySchema, 'INVITATION_INVALID or INVITATION_EXPIRED'),
    409: json(ErrorBodySchema, 'FIRM_NOT_EMPTY or MEMBER_ALREADY_IN_FIRM'),
    ...invalid,
    ...unauthorized,
  },
});

const clientMembersRoute = createRoute({
  method: 'get',
  path: '/clients/{id}/members',
  tags: ['team'],
  summary: 'The members responsible for a client, and who could be (for the owner and admins)',
  security: bearer,
  request: { params: ClientParams },
  responses: {
    200: json(ClientMembersSchema, 'Responsible members'),
    404: json(ErrorBodySchema, 'CLIENT_NOT_FOUND'),
    ...unauthorized,
  },
});

const assignRoute = (method: 'put' | 'delete') =>
  createRoute({
    method,
    path: '/clients/{id}/members/{userId}',
    tags: ['team'],
    summary: method === 'put' ? 'Make a member responsible for a client' : 'No longer responsible',
    security: bearer,
    request: { params: ClientParams.extend({ userId: z.string().max(100) }) },
    responses: {
      200: json(ClientMembersSchema, 'Responsible members'),
      404: json(ErrorBodySchema, 'CLIENT_NOT_FOUND or MEMBER_NOT_FOUND'),
      ...managersOnly,
      ...unauthorized,
    },
  });

/** `/api/v1/firm…`, `/api/v1/firm-invitations…` and `/api/v1/clients/{id}/members…` (issue 40). */
export function firmRoutes(services: Services) {
  const router = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  const signedIn = [
    '/firm',
    '/firm/*',
    '/firm-invitations/accept',
    '/clients/:id/members',
    '/clients/:id/members/*',
  ];
  for (const path of signedIn) router.use(path, requireAuth(services));
  // Paths of this router only: it is mounted at /api/v1, where '*' would be every feature's.
  for (const path of [...signedIn, '/firm-invitations/*']) router.use(path, noStore);
  return router
    .openapi(getFirmRoute, async (c) => c.json(await firms.getFirm(services, c.get('user')), 200))
    .openapi(updateFirmRoute, async (c) =>
      c.json(await firms.changeFirm(services, c.get('user'), c.req.valid('json')), 200),
    )
    .openapi(inviteRoute, async (c) =>
      c.json(
        await firms.inviteMember(services, c.get('user'), {
          ...c.req.valid('json'),
          locale: c.get('locale'),
        }),
        201,
      ),
    )
    .openapi(revokeRoute, async (c) => {
      await firms.revokeMemberInvitation(services, c.get('user'), c.req.valid('param').invitationId);
      return c.body(null, 204);
    })
    .openapi(updateMemberRoute, async (c) =>
      c.json(
        await firms.changeMember(services, c.get('user'), c.req.valid('param').userId, c.req.valid('json')),
        200,
      ),
    )
    .openapi(removeMemberRoute, async (c) => {
      await firms.removeMember(services, c.get('user'), c.req.valid('param').userId);
      return c.body(null, 204);
    })
    .openapi(handOverRoute, async (c) =>
      c.json(
        await firms.handOverFirm(
          services,
          c.get('user'),
          c.req.valid('param').userId,
          viaOfRequest(c.req.header('X-Cuadra-Via')),
        ),
        200,
      ),
    )
    .openapi(leaveRoute, async (c) => {
      await firms.leaveFirm(services, c.get('user'));
      return c.body(null, 204);
    })
    .openapi(previewRoute, async (c) =>
      c.json(await firms.previewFirmInvitation(services, c.req.valid('param').token), 200),
    )
    .openapi(acceptRoute, async (c) =>
      c.json(await firms.acceptFirmInvitation(services, c.get('user'), c.req.valid('json').token), 200),
    )
    .openapi(clientMembersRoute, async (c) =>
      c.json(await firms.getClientMembers(services, c.get('user'), c.req.valid('param').id), 200),
    )
    .openapi(assignRoute('put'), async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await firms.assignClientMember(services, c.get('user'), id, userId, true), 200);
    })
    .openapi(assignRoute('delete'), async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await firms.assignClientMember(services, c.get('user'), id, userId, false), 200);
    });
}
