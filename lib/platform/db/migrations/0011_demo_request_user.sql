ALTER TABLE "demo_requests" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_requests_user_id_idx" ON "demo_requests" USING btree ("user_id");