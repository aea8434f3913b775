-- A session note's held homework link has a reason of its own, 'held-link'; 'link' is a link typed
-- in a text, as everywhere else. Until now a note stored 'link' for a held homework link alone and
-- dropped a text's 'link', so a text flagged only for a link had no reason (an empty "Flagged for:").
-- A note with a link held: 'held-link' for it, in place of 'link'. A text flag still open (texts kept
-- for it) with no other reason stored was raised by a link typed in it: 'link'.
UPDATE "session_notes" AS n SET "flag_reasons" = (
  SELECT coalesce(array_agg(r ORDER BY r COLLATE "C"), '{}'::text[]) FROM (
    SELECT r FROM unnest(n.flag_reasons) AS kept(r)
      WHERE r <> 'held-link' AND (r <> 'link' OR (n.held_homework_url IS NULL AND cardinality(n.replaced_held_homework_urls) = 0))
    UNION
    SELECT 'held-link' WHERE n.held_homework_url IS NOT NULL OR cardinality(n.replaced_held_homework_urls) > 0
    UNION
    SELECT 'link' WHERE cardinality(n.flagged_texts) > 0
      AND NOT EXISTS (SELECT 1 FROM unnest(n.flag_reasons) AS other(t) WHERE t NOT IN ('link', 'held-link'))
  ) AS reasons(r)
)
WHERE n.flagged;
