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
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_room_id_classroom_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."classroom_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_chat_messages" ADD CONSTRAINT "classroom_chat_messages_author_learner_id_learners_id_fk" FOREIGN KEY ("author_learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_chat_messages_room_idx" ON "classroom_chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "classroom_chat_messages_flagged_idx" ON "classroom_chat_messages" USING btree ("created_at") WHERE "classroom_chat_messages"."flagged";