CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"buyer_id" integer,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"redeemed_by_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_amount" CHECK ("gifts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "gift_id" uuid;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_id_users_id_fk" FOREIGN KEY ("redeemed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_key" ON "gifts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_gift_idx" ON "ledger_entries" USING btree ("gift_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (("ledger_entries"."kind" = 'purchase' and "ledger_entries"."amount_minor" < 0 and "ledger_entries"."order_id" is not null)
        or ("ledger_entries"."kind" = 'refund' and "ledger_entries"."amount_minor" > 0 and "ledger_entries"."order_id" is not null)
        or ("ledger_entries"."kind" in ('top_up', 'promotion') and "ledger_entries"."amount_minor" > 0)
        or ("ledger_entries"."kind" = 'gift' and "ledger_entries"."gift_id" is not null)
        or ("ledger_entries"."kind" = 'adjustment' and "ledger_entries"."reason" is not null and length("ledger_entries"."reason") > 0));