ALTER TABLE "session_credits" ALTER COLUMN "session_change_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "session_credits" ADD COLUMN "seat_session_id" bigint;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_seat_session_id_seat_sessions_id_fk" FOREIGN KEY ("seat_session_id") REFERENCES "public"."seat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_credits_entitlement_key" ON "session_credits" USING btree ("seat_session_id");--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_source" CHECK ("session_credits"."session_change_id" is not null or "session_credits"."seat_session_id" is not null);