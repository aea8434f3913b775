-- Support's blocks were written on every thread of a family and a teacher; they are the pair's now
-- (message_pair_blocks), the earliest of each pair's kept. A kept conversation stays closed on its own.
INSERT INTO "message_pair_blocks" ("family_id", "teacher_id", "blocked_at", "blocked_by_id")
SELECT DISTINCT ON ("family_id", "teacher_id") "family_id", "teacher_id", "blocked_at", "blocked_by_id"
FROM "message_threads"
WHERE "blocked_at" IS NOT NULL AND "kept_since" IS NULL
ORDER BY "family_id", "teacher_id", "blocked_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "message_threads" SET "blocked_at" = NULL, "blocked_by_id" = NULL
WHERE "blocked_at" IS NOT NULL AND "kept_since" IS NULL;
