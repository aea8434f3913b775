ALTER TABLE "message_threads" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "original_note" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "kept_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "kept_title" text;--> statement-breakpoint
CREATE INDEX "message_threads_kept_idx" ON "message_threads" USING btree ("kept_since") WHERE "message_threads"."kept_since" is not null;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_booking_or_kept" CHECK ("message_threads"."booking_id" is not null or "message_threads"."kept_since" is not null);