CREATE TABLE "seat_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"from_section_id" integer NOT NULL,
	"to_section_id" integer NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"to_starts_at" timestamp with time zone NOT NULL,
	"from_price_minor" integer NOT NULL,
	"to_price_minor" integer NOT NULL,
	"difference_minor" integer NOT NULL,
	"sequence" integer NOT NULL,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_transfers_sections" CHECK ("seat_transfers"."from_section_id" <> "seat_transfers"."to_section_id"),
	CONSTRAINT "seat_transfers_difference" CHECK ("seat_transfers"."difference_minor" = "seat_transfers"."to_price_minor" - "seat_transfers"."from_price_minor")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invite_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_from_section_id_sections_id_fk" FOREIGN KEY ("from_section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_to_section_id_sections_id_fk" FOREIGN KEY ("to_section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_transfers" ADD CONSTRAINT "seat_transfers_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_transfers_booking_idx" ON "seat_transfers" USING btree ("booking_id","at");