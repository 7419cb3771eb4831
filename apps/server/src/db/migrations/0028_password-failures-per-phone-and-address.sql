CREATE TABLE "password_sign_in_failures" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_sign_in_failures_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "password_sign_in_failures_scope_check" CHECK ("password_sign_in_failures"."scope" in ('phone', 'address'))
);
--> statement-breakpoint
CREATE INDEX "password_sign_in_failures_updated_idx" ON "password_sign_in_failures" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_failures";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";