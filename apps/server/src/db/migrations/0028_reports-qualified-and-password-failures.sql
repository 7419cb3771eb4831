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
ALTER TABLE "listing_reports" ADD COLUMN "qualified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "password_sign_in_failures_updated_idx" ON "password_sign_in_failures" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_failures";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
-- Reports made before reporters were weighed: weigh each as of the day it was made, by the rule in
-- docs/product/listings.md (verified, or registered 30 days before and returned 7 days after).
UPDATE "listing_reports" AS r SET "qualified" = true
FROM "users" AS u
WHERE u."id" = r."reporter_id" AND NOT u."disabled" AND (
  u."real_name_auth"
  OR (r."created_at" - u."created_at" >= interval '30 days'
      AND u."last_login_at" - u."created_at" >= interval '7 days')
);
