ALTER TABLE "buyer_records" DROP CONSTRAINT "buyer_records_lookup_uq";--> statement-breakpoint
DROP INDEX "ownership_records_owner_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "real_name_hash" text;--> statement-breakpoint
ALTER TABLE "buyer_records" ADD COLUMN "id_card_hash" text;--> statement-breakpoint
ALTER TABLE "ownership_records" ADD COLUMN "owner_id_card_hash" text;--> statement-breakpoint
CREATE INDEX "ownership_records_owner_idx" ON "ownership_records" USING btree ("owner_id_card_hash");--> statement-breakpoint
ALTER TABLE "buyer_records" ADD CONSTRAINT "buyer_records_lookup_uq" UNIQUE("district_code","id_card_hash","netsignnum");