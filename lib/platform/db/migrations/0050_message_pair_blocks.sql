CREATE TABLE "message_pair_blocks" (
	"family_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL,
	"blocked_by_id" integer,
	CONSTRAINT "message_pair_blocks_family_id_teacher_id_pk" PRIMARY KEY("family_id","teacher_id")
);
--> statement-breakpoint
ALTER TABLE "message_pair_blocks" ADD CONSTRAINT "message_pair_blocks_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pair_blocks" ADD CONSTRAINT "message_pair_blocks_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pair_blocks" ADD CONSTRAINT "message_pair_blocks_blocked_by_id_users_id_fk" FOREIGN KEY ("blocked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_pair_blocks_teacher_idx" ON "message_pair_blocks" USING btree ("teacher_id");