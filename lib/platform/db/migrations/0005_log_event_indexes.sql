DROP INDEX "log_events_name_idx";--> statement-breakpoint
CREATE INDEX "log_events_name_created_idx" ON "log_events" USING btree ("event_name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_events_user_created_idx" ON "log_events" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);