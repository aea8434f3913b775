CREATE TYPE "public"."payout_method" AS ENUM('stripe', 'manual');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('paying', 'paid', 'failed');--> statement-breakpoint
CREATE TABLE "earnings_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"month" date NOT NULL,
	"currency" char(3) NOT NULL,
	"sessions" integer NOT NULL,
	"seats" integer NOT NULL,
	"gross_minor" integer NOT NULL,
	"refunds_minor" integer NOT NULL,
	"credits_minor" integer NOT NULL,
	"platform_share_percent" integer NOT NULL,
	"platform_share_minor" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"status" "payout_status" NOT NULL,
	"method" "payout_method" NOT NULL,
	"reference" text,
	"stripe_account_id" text,
	"stripe_transfer_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"failure_message" text,
	"paid_by_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_statements_month" CHECK (extract(day from "earnings_statements"."month") = 1),
	CONSTRAINT "earnings_statements_net" CHECK ("earnings_statements"."net_minor" = "earnings_statements"."gross_minor" - "earnings_statements"."refunds_minor" - "earnings_statements"."credits_minor" - "earnings_statements"."platform_share_minor" and "earnings_statements"."net_minor" > 0),
	CONSTRAINT "earnings_statements_percent" CHECK ("earnings_statements"."platform_share_percent" between 0 and 100),
	CONSTRAINT "earnings_statements_manual_reference" CHECK ("earnings_statements"."method" <> 'manual' or length(coalesce("earnings_statements"."reference", '')) > 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_payout_accounts" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earnings_statements" ADD CONSTRAINT "earnings_statements_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_statements" ADD CONSTRAINT "earnings_statements_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_payout_accounts" ADD CONSTRAINT "teacher_payout_accounts_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_statements_month_key" ON "earnings_statements" USING btree ("teacher_id","month");--> statement-breakpoint
CREATE INDEX "earnings_statements_status_idx" ON "earnings_statements" USING btree ("status","month");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_payout_accounts_stripe_key" ON "teacher_payout_accounts" USING btree ("stripe_account_id");