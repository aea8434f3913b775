CREATE TYPE "public"."availability_exception_kind" AS ENUM('off', 'extra');--> statement-breakpoint
CREATE TYPE "public"."booking_kind" AS ENUM('demo', 'seat');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('held', 'confirmed', 'cancelled', 'attended', 'no_show');--> statement-breakpoint
CREATE TYPE "public"."section_class_type" AS ENUM('one_on_one', 'group');--> statement-breakpoint
CREATE TYPE "public"."section_status" AS ENUM('draft', 'open', 'full', 'closed');--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"from_starts_at" timestamp with time zone,
	"to_starts_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "booking_kind" NOT NULL,
	"learner_id" integer,
	"demo_request_id" uuid,
	"teacher_id" integer NOT NULL,
	"section_id" integer,
	"course_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "booking_status" NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_id" integer,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_for_someone" CHECK ("bookings"."learner_id" is not null or "bookings"."demo_request_id" is not null),
	CONSTRAINT "bookings_kind" CHECK (("bookings"."kind" = 'demo' and "bookings"."section_id" is null) or ("bookings"."kind" = 'seat' and "bookings"."section_id" is not null and "bookings"."learner_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "learners" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"grade" integer NOT NULL,
	"birth_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learners_grade" CHECK ("learners"."grade" between 1 and 12),
	CONSTRAINT "learners_birth_year" CHECK ("learners"."birth_year" is null or "learners"."birth_year" between 1990 and 2100)
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"class_type" "section_class_type" NOT NULL,
	"capacity" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"start_minute" integer NOT NULL,
	"timezone" text NOT NULL,
	"rrule" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"meeting_url" text,
	"status" "section_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_capacity" CHECK ("sections"."capacity" >= 1 and ("sections"."class_type" <> 'one_on_one' or "sections"."capacity" = 1)),
	CONSTRAINT "sections_price" CHECK ("sections"."price_minor" >= 0),
	CONSTRAINT "sections_currency" CHECK ("sections"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sections_dates" CHECK ("sections"."ends_on" is null or "sections"."ends_on" >= "sections"."starts_on"),
	CONSTRAINT "sections_start_minute" CHECK ("sections"."start_minute" >= 0 and "sections"."start_minute" < 1440),
	CONSTRAINT "sections_duration" CHECK ("sections"."duration_minutes" between 15 and 240)
);
--> statement-breakpoint
CREATE TABLE "teacher_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "teacher_availability_weekday" CHECK ("teacher_availability"."weekday" between 1 and 7),
	CONSTRAINT "teacher_availability_minutes" CHECK ("teacher_availability"."start_minute" >= 0 and "teacher_availability"."start_minute" < "teacher_availability"."end_minute" and "teacher_availability"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "teacher_availability_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" "availability_exception_kind" NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	CONSTRAINT "teacher_availability_exceptions_minutes" CHECK (("teacher_availability_exceptions"."kind" = 'off' and "teacher_availability_exceptions"."start_minute" is null and "teacher_availability_exceptions"."end_minute" is null)
        or ("teacher_availability_exceptions"."start_minute" is not null and "teacher_availability_exceptions"."end_minute" is not null
          and "teacher_availability_exceptions"."start_minute" >= 0 and "teacher_availability_exceptions"."start_minute" < "teacher_availability_exceptions"."end_minute" and "teacher_availability_exceptions"."end_minute" <= 1440))
);
--> statement-breakpoint
CREATE TABLE "teacher_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"public_name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"timezone" text NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_demo_request_id_demo_requests_id_fk" FOREIGN KEY ("demo_request_id") REFERENCES "public"."demo_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability_exceptions" ADD CONSTRAINT "teacher_availability_exceptions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_key" ON "bookings" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_demo_slot_key" ON "bookings" USING btree ("teacher_id","starts_at") WHERE "bookings"."kind" = 'demo' and "bookings"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE INDEX "bookings_teacher_starts_idx" ON "bookings" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_section_idx" ON "bookings" USING btree ("section_id","status");--> statement-breakpoint
CREATE INDEX "bookings_learner_idx" ON "bookings" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "bookings_demo_request_idx" ON "bookings" USING btree ("demo_request_id");--> statement-breakpoint
CREATE INDEX "learners_parent_idx" ON "learners" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sections_course_idx" ON "sections" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "sections_teacher_idx" ON "sections" USING btree ("teacher_id","status");--> statement-breakpoint
CREATE INDEX "teacher_availability_teacher_idx" ON "teacher_availability" USING btree ("teacher_id","weekday");--> statement-breakpoint
CREATE INDEX "teacher_availability_exceptions_teacher_idx" ON "teacher_availability_exceptions" USING btree ("teacher_id","date");