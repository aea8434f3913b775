import { z } from "@/lib/platform/zod";

import { ROLES, type Role } from "@/lib/platform/auth/roles";

export const ROLE_LABELS: Record<Role, string> = {
  student: "Student",
  teacher: "Teacher",
  admin: "Admin",
  support: "Support",
};

export const USER_MESSAGES = {
  unknownUser: "That user no longer exists.",
  roleRequired: "Please choose a role.",
  selfDemotion: "You cannot remove your own admin role. Ask another admin to do it.",
  notAFamily: "Only a family's account can be suspended this way.",
  notSuspended: "That account is not suspended.",
} as const;

/** The admin's role change (issue 4), from the users table's per-row form. */
export const roleChangeSchema = z.object({
  userId: z.coerce.number({ error: USER_MESSAGES.unknownUser }).int(USER_MESSAGES.unknownUser).positive(USER_MESSAGES.unknownUser),
  role: z.enum(ROLES, { error: USER_MESSAGES.roleRequired }),
});

/** An admin lifts a family account's suspension (issue 40), from the users table. */
export const liftSuspensionSchema = z.object({
  userId: z.coerce.number({ error: USER_MESSAGES.unknownUser }).int(USER_MESSAGES.unknownUser).positive(USER_MESSAGES.unknownUser),
});

export type RoleChangeInput = z.input<typeof roleChangeSchema>;

/** Search params arrive as string | string[] | undefined; a blank or repeated value means "not set". */
const param = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().optional()).transform((v) => (v ? v : undefined));

/** The users list's filters from its GET form; anything malformed is dropped, not refused. */
export const userFiltersSchema = z.object({
  /** Part of an email or a display name. */
  q: param.transform((v) => v?.slice(0, 100)),
  role: param.transform((v) => ((ROLES as readonly string[]).includes(v ?? "") ? (v as Role) : undefined)),
  /** The id of the last row of the previous page (keyset pagination, newest first). */
  after: param.transform((v) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined)),
});

export type UserFilters = z.output<typeof userFiltersSchema>;

export function parseUserFilters(searchParams: Record<string, string | string[] | undefined>): UserFilters {
  return userFiltersSchema.parse(searchParams);
}
