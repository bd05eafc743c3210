import { z } from 'zod';
import { EmailSchema, NameSchema } from './auth';
import { TaxIdSchema } from './clients';
import { FirmRoleSchema } from './roles';

/** The roles one can be invited to or given: there is one owner, the account that made the firm. */
export const MemberRoleSchema = z.enum(['admin', 'staff', 'reader']);
export type MemberRole = z.infer<typeof MemberRoleSchema>;
/** The spec's local-storage key for a team invitation waiting for the user to sign in or sign up. */
export const FIRM_INVITATION_TOKEN_STORAGE_KEY = 'firmInvitationToken';
/** A monthly credit cap above any real month, small enough to stay an int4. */
export const MEMBER_CREDIT_CAP_MAX = 1_000_000;

export const FirmMemberSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: FirmRoleSchema,
    allClients: z.boolean(),
    monthlyCreditCap: z.number().int().nullable(),
    /** Clients this member is responsible for. */
    clients: z.number().int(),
    /** Credits spent on uploads by this member this calendar month (Europe/Madrid). */
    creditsThisMonth: z.number().int(),
  })
  .meta({ id: 'FirmMember' });
export type FirmMember = z.infer<typeof FirmMemberSchema>;

export const FirmInvitationSchema = z
  .object({ id: z.uuid(), email: z.string(), role: MemberRoleSchema, expiresAt: z.string() })
  .meta({ id: 'FirmInvitation' });
export type FirmInvitation = z.infer<typeof FirmInvitationSchema>;

export const FirmViewSchema = z
  .object({
    firm: z.object({ id: z.uuid(), name: z.string(), taxId: z.string().nullable() }),
    myRole: FirmRoleSchema,
    members: z.array(FirmMemberSchema),
    /** Open invitations; empty for those who may not manage members. */
    invitations: z.array(FirmInvitationSchema),
  })
  .meta({ id: 'FirmView' });
export type FirmView = z.infer<typeof FirmViewSchema>;

export const UpdateFirmRequestSchema = z
  .object({ name: NameSchema.optional(), taxId: TaxIdSchema.nullish() })
  .meta({ id: 'UpdateFirmRequest' });
export type UpdateFirmRequest = z.input<typeof UpdateFirmRequestSchema>;

export const InviteMemberRequestSchema = z
  .object({ email: EmailSchema, role: MemberRoleSchema, allClients: z.boolean().optional() })
  .meta({ id: 'InviteMemberRequest' });
export type InviteMemberRequest = z.input<typeof InviteMemberRequestSchema>;

export const UpdateMemberRequestSchema = z
  .object({
    role: MemberRoleSchema.optional(),
    allClients: z.boolean().optional(),
    monthlyCreditCap: z.number().int().min(0).max(MEMBER_CREDIT_CAP_MAX).nullish(),
  })
  .meta({ id: 'UpdateMemberRequest' });
export type UpdateMemberRequest = z.input<typeof UpdateMemberRequestSchema>;

export const FirmInvitationPreviewSchema = z
  .object({
    email: z.string(),
    firmName: z.string(),
    inviterName: z.string(),
    role: MemberRoleSchema,
    expiresAt: z.string(),
  })
  .meta({ id: 'FirmInvitationPreview' });
export type FirmInvitationPreview = z.infer<typeof FirmInvitationPreviewSchema>;

export const ClientMembersSchema = z
  .object({
    /** Members responsible for the client. */
    members: z.array(
      z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: FirmRoleSchema }),
    ),
    /** Members of the firm who could be made responsible (managers only; empty otherwise). */
    candidates: z.array(
      z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: FirmRoleSchema }),
    ),
    /** Whether the caller may assign and unassign. */
    canManage: z.boolean(),
  })
  .meta({ id: 'ClientMembers' });
export type ClientMembers = z.infer<typeof ClientMembersSchema>;

/** Through what a change was made (issue 40 item 4). */
export const CHANGE_VIAS = ['screen', 'api', 'rule', 'memory', 'import'] as const;
export const ChangeViaSchema = z.enum(CHANGE_VIAS);
export type ChangeVia = z.infer<typeof ChangeViaSchema>;
/** The header the web app sets on its requests, so a change made there is told from one through the API. */
export const CHANGE_VIA_HEADER = 'X-Cuadra-Via';

export const HistoryEntrySchema = z
  .object({
    id: z.uuid(),
    field: z.string(),
    from: z.unknown(),
    to: z.unknown(),
    via: ChangeViaSchema,
    /** Who made it; null for a rule or supplier memory, or an account since deleted. */
    actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    at: z.string(),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistorySchema = z.object({ entries: z.array(HistoryEntrySchema) }).meta({ id: 'History' });
export type History = z.infer<typeof HistorySchema>;
