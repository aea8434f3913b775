CREATE TABLE "money_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"checked_seats" integer NOT NULL,
	"checked_wallets" integer NOT NULL,
	"mismatches" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"section_id" integer NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"teacher_id" integer NOT NULL,
	"value_minor" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_sessions_value" CHECK ("seat_sessions"."value_minor" >= 0),
	CONSTRAINT "seat_sessions_status" CHECK ("seat_sessions"."status" in ('open', 'credited', 'refunded', 'transferred')),
	CONSTRAINT "seat_sessions_settled" CHECK (("seat_sessions"."status" = 'open') = ("seat_sessions"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "seat_sessions" ADD CONSTRAINT "seat_sessions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_sessions" ADD CONSTRAINT "seat_sessions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_sessions" ADD CONSTRAINT "seat_sessions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_sessions" ADD CONSTRAINT "seat_sessions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_sessions_occurrence_key" ON "seat_sessions" USING btree ("order_item_id","section_id","occurrence") WHERE "seat_sessions"."status" <> 'transferred';--> statement-breakpoint
CREATE INDEX "seat_sessions_booking_idx" ON "seat_sessions" USING btree ("booking_id","status");--> statement-breakpoint
CREATE INDEX "seat_sessions_section_idx" ON "seat_sessions" USING btree ("section_id","occurrence");--> statement-breakpoint
CREATE INDEX "seat_sessions_teacher_idx" ON "seat_sessions" USING btree ("teacher_id","occurrence");