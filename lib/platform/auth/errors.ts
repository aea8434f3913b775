/**
 * SPEC 8: the identity error catalogue, one table from provider error codes
 * (Identity Toolkit REST codes, firebase-admin codes, and the emulator's
 * variants) to the messages users see.
 */
export const IDENTITY_MESSAGES = {
  emailInUse: "Email already in use. Please try another email or login.",
  wrongPassword: "Invalid Email or Password. Try again or signUp now",
  userNotFound: "User not found. Try again or signUp now.",
  weakPassword: "Password should be strong. Try again",
  invalidEmail: "Please enter a valid email address",
  userMismatch: "Please login again to change your password",
  unknown: "Something went wrong. Please try again",
} as const;

export type IdentityMessage = (typeof IDENTITY_MESSAGES)[keyof typeof IDENTITY_MESSAGES];

const CODE_TO_MESSAGE: Record<string, IdentityMessage> = {
  EMAIL_EXISTS: IDENTITY_MESSAGES.emailInUse,
  "auth/email-already-exists": IDENTITY_MESSAGES.emailInUse,
  "auth/email-already-in-use": IDENTITY_MESSAGES.emailInUse,
  // The emulator answers INVALID_PASSWORD; production with email-enumeration protection INVALID_LOGIN_CREDENTIALS.
  INVALID_PASSWORD: IDENTITY_MESSAGES.wrongPassword,
  INVALID_LOGIN_CREDENTIALS: IDENTITY_MESSAGES.wrongPassword,
  "auth/wrong-password": IDENTITY_MESSAGES.wrongPassword,
  "auth/invalid-credential": IDENTITY_MESSAGES.wrongPassword,
  EMAIL_NOT_FOUND: IDENTITY_MESSAGES.userNotFound,
  USER_NOT_FOUND: IDENTITY_MESSAGES.userNotFound,
  "auth/user-not-found": IDENTITY_MESSAGES.userNotFound,
  WEAK_PASSWORD: IDENTITY_MESSAGES.weakPassword,
  "auth/weak-password": IDENTITY_MESSAGES.weakPassword,
  "auth/invalid-password": IDENTITY_MESSAGES.weakPassword,
  INVALID_EMAIL: IDENTITY_MESSAGES.invalidEmail,
  "auth/invalid-email": IDENTITY_MESSAGES.invalidEmail,
  USER_MISMATCH: IDENTITY_MESSAGES.userMismatch,
  "auth/user-mismatch": IDENTITY_MESSAGES.userMismatch,
};

/** Provider codes may carry detail ("WEAK_PASSWORD : Password should be at least 6 characters"). */
export function identityErrorMessage(code: string | undefined | null): IdentityMessage {
  if (!code) return IDENTITY_MESSAGES.unknown;
  const bare = code.split(" : ")[0]!.trim();
  return CODE_TO_MESSAGE[bare] ?? IDENTITY_MESSAGES.unknown;
}

/** An identity operation failed with a provider code; its message is safe to show. */
export class IdentityError extends Error {
  constructor(readonly code: string) {
    super(identityErrorMessage(code));
    this.name = "IdentityError";
  }
}

/** The provider code of whatever firebase-admin or the REST client threw. */
export function identityCodeOf(error: unknown): string {
  if (error instanceof IdentityError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}
