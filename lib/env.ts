import { z } from "zod";

/**
 * The only reader of process.env. Validated once, at first import, so a bad
 * variable fails the start with a message that names it.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Set: PostgreSQL through `pg`. Unset: PGlite persisted under PGLITE_DIR. */
  DATABASE_URL: optionalUrl,
  /** Where the embedded database lives; `memory://` keeps it in memory (tests). */
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /** Public origin of the site: canonical URLs, sitemap, Origin checks. */
  APP_URL: z.url().default("http://localhost:3000"),
  PRODUCT_NAME: z.string().trim().min(1).max(40).default("Brightside"),
  /** URL-safe brand slug used in /join-{slug} and /user/{slug}-coin. */
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes")
    .optional(),
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()-]{7,20}$/, "must be a phone number such as +1 (555) 010-0199")
    .default("+1 (555) 010-0199"),
  SUPPORT_ADDRESS: z.string().min(1).default("548 Market Street, Suite 300, San Francisco, CA 94104, USA"),
  /** Optional CRM / legacy backend that receives every demo request via the outbox. */
  DEMO_FORWARD_URL: optionalUrl,
  DEMO_FORWARD_TOKEN: z.string().optional(),
  /** Set by Next during `next build`. */
  NEXT_PHASE: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration (see .env.example):\n${problems}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

export const isBuildPhase = env.NEXT_PHASE === "phase-production-build";
