CREATE TYPE "public"."course_proposal_status" AS ENUM('pending', 'accepted', 'returned');--> statement-breakpoint
CREATE TYPE "public"."teacher_check_kind" AS ENUM('identity', 'background', 'sample_lesson', 'safety_policy');--> statement-breakpoint
CREATE TYPE "public"."teacher_check_status" AS ENUM('pending', 'passed', 'flagged', 'failed');--> statement-breakpoint
CREATE TABLE "course_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" "course_category" NOT NULL,
	"grade_min" integer NOT NULL,
	"grade_max" integer NOT NULL,
	"description" text NOT NULL,
	"outcomes" text NOT NULL,
	"status" "course_proposal_status" DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"course_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_proposals_grade_range" CHECK ("course_proposals"."grade_min" between 1 and 12 and "course_proposals"."grade_max" between "course_proposals"."grade_min" and 12)
);
--> statement-breakpoint
CREATE TABLE "course_teachers" (
	"course_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_teachers_course_id_teacher_id_pk" PRIMARY KEY("course_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"kind" "teacher_check_kind" NOT NULL,
	"status" "teacher_check_status" DEFAULT 'pending' NOT NULL,
	"checked_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"note" text,
	"provider_ref" text,
	"checked_by_id" integer,
	"expiry_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_teacher_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "courses_teacher_idx";--> statement-breakpoint
ALTER TABLE "teacher_applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "cleared_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "listing_review_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_proposals" ADD CONSTRAINT "course_proposals_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_proposals" ADD CONSTRAINT "course_proposals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_proposals" ADD CONSTRAINT "course_proposals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_teachers" ADD CONSTRAINT "course_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_checks" ADD CONSTRAINT "teacher_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_checks" ADD CONSTRAINT "teacher_checks_application_id_teacher_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."teacher_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_checks" ADD CONSTRAINT "teacher_checks_checked_by_id_users_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_proposals_status_idx" ON "course_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "course_teachers_teacher_idx" ON "course_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_checks_user_kind_key" ON "teacher_checks" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "teacher_checks_expiry_idx" ON "teacher_checks" USING btree ("expires_at");--> statement-breakpoint
-- Data: every course's one teacher, and every teacher who already runs a section of a course, teach it (issue 38).
INSERT INTO "course_teachers" ("course_id", "teacher_id")
  SELECT "id", "teacher_id" FROM "courses" WHERE "teacher_id" IS NOT NULL
  UNION
  SELECT DISTINCT "course_id", "teacher_id" FROM "sections"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "teacher_id";--> statement-breakpoint
-- Data: the demo teacher's bio, as seeded before issue 38, reads like a teacher's (a seeded profile keeps a teacher's own edits).
UPDATE "teacher_profiles" SET "bio" = 'I have taught coding to children for nine years, first in after-school clubs in Chicago and now online. We start with games in Scratch and move on to real Python projects, at the pace of each child. My classes are small, so everyone gets to show what they built.'
  WHERE "bio" = 'The demo account''s teacher: sign in as teacher@example.com to edit these hours and sections.';