CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "demo_requests_search_idx" ON "demo_requests" USING gin ((lower("user_email") || ' ' || lower(coalesce("name", ''))) gin_trgm_ops);
