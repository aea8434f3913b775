import type { Role } from "@/lib/auth/roles";

/** SPEC 3: the current user as the session carries it. */
export interface SessionUser {
  /** Firebase uid. */
  id: string;
  name: string | null;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  role: Role;
  databaseId: number;
}
