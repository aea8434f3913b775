CREATE TYPE "public"."session_change_kind" AS ENUM('moved', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_kind" ADD VALUE 'session_credit';--> statement-breakpoint
CREATE TABLE "session_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"original_starts_at" timestamp with time zone NOT NULL,
	"kind" "session_change_kind" NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"makeup_starts_at" timestamp with time zone,
	"makeup_ends_at" timestamp with time zone,
	"credit_due_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"sequence" integer NOT NULL,
	"changed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_changes_times" CHECK (("session_changes"."kind" = 'moved' and "session_changes"."starts_at" is not null and "session_changes"."ends_at" > "session_changes"."starts_at")
        or ("session_changes"."kind" = 'cancelled' and "session_changes"."starts_at" is null and ("session_changes"."makeup_starts_at" is null or "session_changes"."makeup_ends_at" > "session_changes"."makeup_starts_at")))
);
--> statement-breakpoint
CREATE TABLE "session_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_change_id" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" integer,
	"order_id" uuid,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_credits_amount" CHECK ("session_credits"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "session_changes" ADD CONSTRAINT "session_changes_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_changes" ADD CONSTRAINT "session_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_session_change_id_session_changes_id_fk" FOREIGN KEY ("session_change_id") REFERENCES "public"."session_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_changes_occurrence_key" ON "session_changes" USING btree ("section_id","original_starts_at");--> statement-breakpoint
CREATE INDEX "session_changes_credit_due_idx" ON "session_changes" USING btree ("credit_due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_credits_seat_key" ON "session_credits" USING btree ("session_change_id","booking_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (("ledger_entries"."kind" = 'purchase' and "ledger_entries"."amount_minor" < 0 and "ledger_entries"."order_id" is not null)
        or ("ledger_entries"."kind" = 'refund' and "ledger_entries"."amount_minor" > 0 and "ledger_entries"."order_id" is not null)
        or ("ledger_entries"."kind"::text = 'session_credit' and "ledger_entries"."amount_minor" > 0 and "ledger_entries"."order_id" is not null)
        or ("ledger_entries"."kind" in ('top_up', 'promotion') and "ledger_entries"."amount_minor" > 0)
        or ("ledger_entries"."kind" = 'gift' and "ledger_entries"."gift_id" is not null)
        or ("ledger_entries"."kind" = 'adjustment' and "ledger_entries"."reason" is not null and length("ledger_entries"."reason") > 0));