/** SPEC 6: the four roles. Roles are data: what each may open is read from here by pages and checks alike. */
export const ROLES = ["student", "teacher", "admin", "support"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export type Dashboard = "teacher" | "admin" | "support";

/** SPEC 6 and issue 3: /teacher/dashboard for teacher and admin, /admin/dashboard for admin, /support/dashboard for support and admin. */
export const DASHBOARD_ACCESS: Record<Dashboard, readonly Role[]> = {
  teacher: ["teacher", "admin"],
  admin: ["admin"],
  support: ["support", "admin"],
};

export function canOpenDashboard(role: Role | null | undefined, dashboard: Dashboard): boolean {
  return role != null && DASHBOARD_ACCESS[dashboard].includes(role);
}

/** Where a role lands after signing in when no page asked to be returned to: staff start at their work. */
export const ROLE_HOME: Record<Role, string> = {
  student: "/my-courses",
  teacher: "/teacher/dashboard",
  admin: "/admin/dashboard",
  support: "/support/dashboard",
};
