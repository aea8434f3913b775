CREATE TYPE "public"."concern_reason" AS ENUM('unsafe_contact', 'inappropriate', 'bullying', 'privacy', 'other');--> statement-breakpoint
CREATE TYPE "public"."concern_status" AS ENUM('new', 'in_review', 'action_taken', 'closed');--> statement-breakpoint
CREATE TYPE "public"."concern_subject" AS ENUM('course', 'message', 'teacher', 'review', 'family');--> statement-breakpoint
CREATE TABLE "concern_report_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concern_report_notes_body" CHECK (length("concern_report_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "concern_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"subject_type" "concern_subject" NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"reason" "concern_reason" NOT NULL,
	"details" text NOT NULL,
	"status" "concern_status" DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concern_reports_details" CHECK (length("concern_reports"."details") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "pending_bio" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "pending_bio_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_note_lines" ADD COLUMN "original_line" text;--> statement-breakpoint
ALTER TABLE "session_note_lines" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "original_covered" text;--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "held_homework_url" text;--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_notes" ADD COLUMN "flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "concern_report_notes" ADD CONSTRAINT "concern_report_notes_report_id_concern_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."concern_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concern_report_notes" ADD CONSTRAINT "concern_report_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concern_reports" ADD CONSTRAINT "concern_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concern_report_notes_report_idx" ON "concern_report_notes" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "concern_reports_queue_idx" ON "concern_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "concern_reports_open_key" ON "concern_reports" USING btree ("reporter_id","subject_type","subject_id") WHERE "concern_reports"."status" <> 'closed';