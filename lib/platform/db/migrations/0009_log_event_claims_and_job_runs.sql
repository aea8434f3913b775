CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_events" ADD COLUMN "claimed_user_id" text;--> statement-breakpoint
CREATE INDEX "log_events_claimed_user_created_idx" ON "log_events" USING btree ("claimed_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Every user_id stored so far was the client's unverified claim: it moves to claimed_user_id, so
-- user_id from now on only holds users vouched for by a session (security issue item 8).
UPDATE "log_events" SET "claimed_user_id" = "user_id", "user_id" = NULL WHERE "user_id" IS NOT NULL;
