CREATE TABLE "classroom_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"author_id" integer,
	"author_learner_id" integer,
	"author_role" "classroom_role" NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"original_body" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_chat_messages_body_length" CHECK (char_length("classroom_chat_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
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
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_room_id_classroom_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."classroom_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_author_learner_id_learners_id_fk" FOREIGN KEY ("author_learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_session_reliability" ADD CONSTRAINT "teacher_session_reliability_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_session_reliability" ADD CONSTRAINT "teacher_session_reliability_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_chat_messages_room_idx" ON "classroom_chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "classroom_chat_messages_flagged_idx" ON "classroom_chat_messages" USING btree ("created_at") WHERE "classroom_chat_messages"."flagged";--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_session_reliability_session_key" ON "teacher_session_reliability" USING btree ("section_id","session_starts_at");--> statement-breakpoint
CREATE INDEX "teacher_session_reliability_teacher_idx" ON "teacher_session_reliability" USING btree ("teacher_id","session_starts_at");