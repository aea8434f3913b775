CREATE TYPE "public"."demo_level" AS ENUM('beginner', 'intermediate', 'advanced');--> statement-breakpoint
CREATE TABLE "demo_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"level" "demo_level",
	"recommended_section_id" integer,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_outcomes_note" CHECK (char_length("demo_outcomes"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "demo_outcomes" ADD CONSTRAINT "demo_outcomes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_outcomes" ADD CONSTRAINT "demo_outcomes_recommended_section_id_sections_id_fk" FOREIGN KEY ("recommended_section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_outcomes" ADD CONSTRAINT "demo_outcomes_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_outcomes_booking_key" ON "demo_outcomes" USING btree ("booking_id");