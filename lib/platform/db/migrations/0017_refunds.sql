CREATE TYPE "public"."refund_kind" AS ENUM('withdrawal', 'admin');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" "refund_kind" NOT NULL,
	"wallet_minor" integer NOT NULL,
	"card_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text,
	"by_id" integer,
	"stripe_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amounts" CHECK ("refunds"."wallet_minor" >= 0 and "refunds"."card_minor" >= 0),
	CONSTRAINT "refunds_admin_reason" CHECK ("refunds"."kind" <> 'admin' or ("refunds"."reason" is not null and length("refunds"."reason") > 0))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_item_key" ON "refunds" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");