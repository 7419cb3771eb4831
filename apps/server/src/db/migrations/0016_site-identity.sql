ALTER TABLE "site_settings" ADD COLUMN "city_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "authority" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "icp_link" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "psb_number" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "psb_link" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "hotline" text;