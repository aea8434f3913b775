ALTER TABLE "users" ALTER COLUMN "timezone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
-- Until now no page could set a zone, so every 'UTC' here is the old default, never a choice:
-- null tells the account pages to take the browser's zone at the next visit.
UPDATE "users" SET "timezone" = NULL WHERE "timezone" = 'UTC';
