-- An absent session the reliability job cancelled before session_change_id existed: the job's cancel
-- (no person as its author) of the occurrence the record names, an unchanged session's start.
UPDATE "teacher_session_reliability" r
SET "session_change_id" = c."id"
FROM "session_changes" c
WHERE r."kind" = 'absent'
  AND r."session_change_id" IS NULL
  AND c."section_id" = r."section_id"
  AND c."original_starts_at" = r."session_starts_at"
  AND c."kind" = 'cancelled'
  AND c."changed_by_id" IS NULL;
