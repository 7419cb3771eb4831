DROP INDEX "users_id_card_idx";--> statement-breakpoint
ALTER TABLE "realname_requests" ADD COLUMN "provider" text DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "realname_requests" ADD COLUMN "provider_token" text;--> statement-breakpoint
ALTER TABLE "realname_requests" ADD COLUMN "provider_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unionid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_hash" text;--> statement-breakpoint
ALTER TABLE "wechat_tickets" ADD COLUMN "unionid" text;--> statement-breakpoint
ALTER TABLE "realname_requests" DROP COLUMN "real_name";--> statement-breakpoint
ALTER TABLE "realname_requests" DROP COLUMN "id_card";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unionid_unique" UNIQUE("unionid");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_hash_unique" UNIQUE("identity_hash");