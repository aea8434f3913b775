CREATE TABLE "email_preferences" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_lower" CHECK ("email_preferences"."email" = lower("email_preferences"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_preferences_token_key" ON "email_preferences" USING btree ("unsubscribe_token");