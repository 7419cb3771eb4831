ALTER TABLE "orders" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "agreed_at" = "created_at" WHERE "agreed_at" IS NULL;