ALTER TABLE "outbox" ADD COLUMN "lease_token" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dead_at" timestamp with time zone;