CREATE TYPE "public"."course_category" AS ENUM('technical', 'academic', 'language', 'music', 'lifestyle');--> statement-breakpoint
CREATE TYPE "public"."demo_request_status" AS ENUM('new', 'contacted', 'demo_scheduled', 'converted', 'closed', 'spam');--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category" "course_category" NOT NULL,
	"description" text NOT NULL,
	"grade_min" integer NOT NULL,
	"grade_max" integer NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_grade_range" CHECK ("courses"."grade_min" between 1 and 12 and "courses"."grade_max" between "courses"."grade_min" and 12)
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"user_email" text NOT NULL,
	"phone" text,
	"course" text NOT NULL,
	"course_id" integer,
	"message" text,
	"class_type" text,
	"grade" integer,
	"source_page" text,
	"status" "demo_request_status" DEFAULT 'new' NOT NULL,
	"idempotency_key" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_requests_grade" CHECK ("demo_requests"."grade" is null or "demo_requests"."grade" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "log_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"user_id" text,
	"current_url" text,
	"additional_info" jsonb,
	"ip_address" text,
	"user_agent" text,
	"referer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_key" ON "courses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category","title");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_requests_idempotency_key" ON "demo_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "demo_requests_created_at_idx" ON "demo_requests" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "demo_requests_status_created_at_idx" ON "demo_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_events_created_at_idx" ON "log_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_events_name_idx" ON "log_events" USING btree ("event_name");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" is null;