CREATE TABLE "session_note_lines" (
	"note_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"line" text NOT NULL,
	CONSTRAINT "session_note_lines_note_id_learner_id_pk" PRIMARY KEY("note_id","learner_id"),
	CONSTRAINT "session_note_lines_line" CHECK (length("session_note_lines"."line") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "session_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"session_starts_at" timestamp with time zone NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"covered" text NOT NULL,
	"homework_url" text,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_notes_covered" CHECK (length("session_notes"."covered") between 1 and 1000),
	CONSTRAINT "session_notes_homework_url" CHECK ("session_notes"."homework_url" is null or ("session_notes"."homework_url" ~ '^https?://' and length("session_notes"."homework_url") <= 500))
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "weekly_digest_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_note_lines" ADD CONSTRAINT "session_note_lines_note_id_session_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."session_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_note_lines" ADD CONSTRAINT "session_note_lines_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_note_lines_learner_idx" ON "session_note_lines" USING btree ("learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_notes_session_key" ON "session_notes" USING btree ("section_id","session_starts_at");--> statement-breakpoint
CREATE INDEX "session_notes_starts_idx" ON "session_notes" USING btree ("session_starts_at");