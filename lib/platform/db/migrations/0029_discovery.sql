ALTER TABLE "courses" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "slug" text GENERATED ALWAYS AS (trim(both '-' from lower(regexp_replace(public_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || user_id::text) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(public_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD COLUMN "teacher_id" integer;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_profiles_slug_key" ON "teacher_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "teacher_profiles_name_search_idx" ON "teacher_profiles" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "course_reviews_teacher_idx" ON "course_reviews" USING btree ("teacher_id","status");--> statement-breakpoint
-- hand-written: a review written before this migration names the teacher of the last session its child attended in that course.
UPDATE "course_reviews" AS r SET "teacher_id" = (
	SELECT s."teacher_id" FROM "attendance" a JOIN "sections" s ON s."id" = a."section_id"
	WHERE a."learner_id" = r."learner_id" AND s."course_id" = r."course_id"
	ORDER BY a."session_starts_at" DESC LIMIT 1
) WHERE r."teacher_id" IS NULL;
