CREATE TABLE "teacher_session_reliability" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"session_starts_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"first_joined_at" timestamp with time zone,
	"minutes_late" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_session_reliability_kind" CHECK ("teacher_session_reliability"."kind" in ('on-time', 'late', 'absent'))
);
--> statement-breakpoint
ALTER TABLE "teacher_session_reliability" ADD CONSTRAINT "teacher_session_reliability_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_session_reliability" ADD CONSTRAINT "teacher_session_reliability_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_session_reliability_session_key" ON "teacher_session_reliability" USING btree ("section_id","session_starts_at");--> statement-breakpoint
CREATE INDEX "teacher_session_reliability_teacher_idx" ON "teacher_session_reliability" USING btree ("teacher_id","session_starts_at");