DROP INDEX "classroom_presence_room_user_key";--> statement-breakpoint
ALTER TABLE "classroom_presence" ADD COLUMN "learner_id" integer;--> statement-breakpoint
ALTER TABLE "classroom_presence" ADD CONSTRAINT "classroom_presence_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_presence_room_learner_key" ON "classroom_presence" USING btree ("room_id","learner_id") WHERE "classroom_presence"."learner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_presence_room_user_key" ON "classroom_presence" USING btree ("room_id","user_id") WHERE "classroom_presence"."learner_id" is null;