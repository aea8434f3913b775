CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"learner_first_name" text NOT NULL,
	"teacher_first_name" text NOT NULL,
	"course_title" text NOT NULL,
	"completed_on" date NOT NULL,
	"issued_by_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "course_criteria_position" CHECK ("course_criteria"."position" between 1 and 3),
	CONSTRAINT "course_criteria_name" CHECK (length("course_criteria"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "homework_feedback" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"comment" text NOT NULL,
	"original_comment" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"teacher_id" integer,
	"returned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "homework_feedback_comment" CHECK (length("homework_feedback"."comment") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "homework_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	CONSTRAINT "homework_files_name" CHECK (length("homework_files"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "homework_marks" (
	"submission_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"mark" integer NOT NULL,
	CONSTRAINT "homework_marks_submission_id_criterion_id_pk" PRIMARY KEY("submission_id","criterion_id"),
	CONSTRAINT "homework_marks_mark" CHECK ("homework_marks"."mark" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"submitted_by_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"original_text" text,
	"link" text,
	"held_link" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"is_late" boolean NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "homework_submissions_text" CHECK (length("homework_submissions"."text") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "homework_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"session_starts_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"original_instructions" text,
	"resource_url" text,
	"held_resource_url" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_tasks_title" CHECK (length("homework_tasks"."title") between 1 and 120),
	CONSTRAINT "homework_tasks_instructions" CHECK (length("homework_tasks"."instructions") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "progress_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"period_ends_on" date NOT NULL,
	"comment" text NOT NULL,
	"next_step" text NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_reports_comment" CHECK (length("progress_reports"."comment") between 1 and 1000),
	CONSTRAINT "progress_reports_next_step" CHECK (length("progress_reports"."next_step") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."byte_size" = octet_length("stored_files"."content"))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_criteria" ADD CONSTRAINT "course_criteria_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_feedback" ADD CONSTRAINT "homework_feedback_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_feedback" ADD CONSTRAINT "homework_feedback_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_submission_id_homework_feedback_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_feedback"("submission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_criterion_id_course_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."course_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_task_id_homework_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."homework_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_tasks" ADD CONSTRAINT "homework_tasks_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_tasks" ADD CONSTRAINT "homework_tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_section_learner_key" ON "certificates" USING btree ("section_id","learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_criteria_position_key" ON "course_criteria" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "homework_files_submission_idx" ON "homework_files" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_task_learner_key" ON "homework_submissions" USING btree ("task_id","learner_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_learner_idx" ON "homework_submissions" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "homework_tasks_section_idx" ON "homework_tasks" USING btree ("section_id","due_at");--> statement-breakpoint
CREATE INDEX "homework_tasks_due_idx" ON "homework_tasks" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "progress_reports_period_key" ON "progress_reports" USING btree ("section_id","learner_id","period_ends_on");--> statement-breakpoint
CREATE INDEX "progress_reports_learner_idx" ON "progress_reports" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_learner_idx" ON "stored_files" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "stored_files_created_idx" ON "stored_files" USING btree ("created_at");