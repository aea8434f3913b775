CREATE TYPE "public"."card_purchase_status" AS ENUM('pending', 'paid', 'expired', 'flagged');--> statement-breakpoint
CREATE TYPE "public"."late_refund_target" AS ENUM('card', 'wallet');--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "card_purchase_status" DEFAULT 'pending' NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_amount" CHECK ("top_ups"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "status" "card_purchase_status" DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "paid_by" "payment_method" DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "top_up_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_refund_to" "late_refund_target" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD COLUMN "top_up_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_ups_user_idx" ON "top_ups" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_stripe_session_key" ON "top_ups" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_stripe_session_key" ON "gifts" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_top_up_key" ON "ledger_entries" USING btree ("top_up_id");--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_code_when_paid" CHECK (("gifts"."status" = 'paid') = ("gifts"."code" is not null));