CREATE TYPE "public"."calendar_feed_scope" AS ENUM('family', 'learner', 'teacher');--> statement-breakpoint
CREATE TYPE "public"."learner_secret_kind" AS ENUM('password', 'pictures');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" "calendar_feed_scope" NOT NULL,
	"user_id" integer NOT NULL,
	"learner_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_learner_scope" CHECK (("calendar_feeds"."scope" = 'learner') = ("calendar_feeds"."learner_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "learner_sign_ins" (
	"learner_id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"username" text NOT NULL,
	"secret_kind" "learner_secret_kind" NOT NULL,
	"secret_hash" text NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"last_signed_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_sign_ins_username_shape" CHECK ("learner_sign_ins"."username" ~ '^[A-Za-z0-9_.-]{3,24}$')
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_learner_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_sign_ins" ADD CONSTRAINT "learner_sign_ins_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_sign_ins" ADD CONSTRAINT "learner_sign_ins_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_owner_key" ON "calendar_feeds" USING btree ("scope","user_id",coalesce("learner_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "learner_sign_ins_username_key" ON "learner_sign_ins" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "learner_sign_ins_parent_idx" ON "learner_sign_ins" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_learner_id_learners_id_fk" FOREIGN KEY ("author_learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;