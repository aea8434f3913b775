CREATE TYPE "public"."card_reversal_kind" AS ENUM('refund', 'dispute');--> statement-breakpoint
CREATE TYPE "public"."card_reversal_status" AS ENUM('held', 'taken', 'released');--> statement-breakpoint
ALTER TYPE "public"."payment_issue_kind" ADD VALUE 'card_refunded';--> statement-breakpoint
ALTER TYPE "public"."payment_issue_kind" ADD VALUE 'dispute_opened';--> statement-breakpoint
ALTER TYPE "public"."payment_issue_kind" ADD VALUE 'dispute_closed';--> statement-breakpoint
ALTER TYPE "public"."payment_issue_kind" ADD VALUE 'payment_without_purchase';--> statement-breakpoint
CREATE TABLE "card_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "card_reversal_kind" NOT NULL,
	"status" "card_reversal_status" NOT NULL,
	"stripe_payment_intent_id" text NOT NULL,
	"stripe_dispute_id" text,
	"stripe_event_id" text NOT NULL,
	"order_id" uuid,
	"top_up_id" uuid,
	"gift_id" uuid,
	"user_id" integer,
	"amount_minor" integer NOT NULL,
	"taken_minor" integer DEFAULT 0 NOT NULL,
	"shortfall_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "card_reversals_amounts" CHECK ("card_reversals"."amount_minor" > 0 and "card_reversals"."taken_minor" >= 0 and "card_reversals"."shortfall_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reversals" ADD CONSTRAINT "card_reversals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_reversals_intent_idx" ON "card_reversals" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_reversals_dispute_key" ON "card_reversals" USING btree ("stripe_dispute_id");