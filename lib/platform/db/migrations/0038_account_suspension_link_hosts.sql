CREATE TABLE "allowed_link_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"added_by_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allowed_link_hosts" ADD CONSTRAINT "allowed_link_hosts_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;