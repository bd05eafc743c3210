import { z } from 'zod';

/**
 * A member's role in a firm (issue 40): owner (billing, members, everything), admin (all but billing),
 * staff (the clients assigned, or all if the owner says so), reader (read and export only).
 */
export const FIRM_ROLES = ['owner', 'admin', 'staff', 'reader'] as const;
export const FirmRoleSchema = z.enum(FIRM_ROLES);
export type FirmRole = z.infer<typeof FirmRoleSchema>;
