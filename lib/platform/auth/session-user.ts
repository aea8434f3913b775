import type { Role } from "@/lib/platform/auth/roles";

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
  /**
   * Firebase's email_verified: whether the person has shown they own `email`. Until then nothing
   * is matched or changed by email alone (security issue: account squatting).
   */
  emailVerified: boolean;
}
