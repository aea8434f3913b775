CREATE TYPE "public"."classroom_presence_state" AS ENUM('waiting', 'admitted', 'removed');--> statement-breakpoint
CREATE TYPE "public"."classroom_role" AS ENUM('teacher', 'learner', 'observer');--> statement-breakpoint
CREATE TABLE "classroom_presence" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "classroom_role" NOT NULL,
	"state" "classroom_presence_state" NOT NULL,
	"token" text NOT NULL,
	"first_joined_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"seconds_present" integer DEFAULT 0 NOT NULL,
	"audio_muted_at" timestamp with time zone,
	"video_muted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"session_starts_at" timestamp with time zone NOT NULL,
	"admit_all" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_presence" ADD CONSTRAINT "classroom_presence_room_id_classroom_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."classroom_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_presence" ADD CONSTRAINT "classroom_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_rooms" ADD CONSTRAINT "classroom_rooms_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_presence_room_user_key" ON "classroom_presence" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_presence_token_key" ON "classroom_presence" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_rooms_session_key" ON "classroom_rooms" USING btree ("section_id","session_starts_at");