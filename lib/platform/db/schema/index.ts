// Every table, enum and relation, one file per domain; `@/lib/platform/db/schema` is this barrel,
// and drizzle.config.ts reads it, so a table not exported here has no migration.

export * from "@/lib/platform/db/schema/accounts";
export * from "@/lib/platform/db/schema/courses";
export * from "@/lib/platform/db/schema/demo-requests";
export * from "@/lib/platform/db/schema/teachers";
export * from "@/lib/platform/db/schema/scheduling";
export * from "@/lib/platform/db/schema/commerce";
export * from "@/lib/platform/db/schema/earnings";
export * from "@/lib/platform/db/schema/classroom";
export * from "@/lib/platform/db/schema/notifications";
export * from "@/lib/platform/db/schema/messages";
export * from "@/lib/platform/db/schema/learner-access";
export * from "@/lib/platform/db/schema/platform";
export * from "@/lib/platform/db/schema/safety";
export * from "@/lib/platform/db/schema/homework";
export * from "@/lib/platform/db/schema/relations";
