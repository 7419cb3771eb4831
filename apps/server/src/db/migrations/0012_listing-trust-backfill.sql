-- Listings published before check codes existed: their last confirmation is their publish time,
-- and each gets a check code on the verification it was approved on (docs/product/listings.md).
-- Codes are QHD + 10 characters of the code alphabet (hex digits with 0 and 1 replaced).
UPDATE "second_hand_listings"
SET "confirmed_at" = coalesce("publish_time", "updated_at")
WHERE "publish_status" = 3 AND "confirmed_at" IS NULL;
--> statement-breakpoint
INSERT INTO "listing_check_codes"
  ("code", "listing_id", "verification_id", "verified_at", "certificate_type", "district_code", "registered_area", "issued_at", "issued_by")
SELECT
  'QHD' || translate(upper(substr(md5(random()::text || l."id"::text), 1, 10)), '01', 'XY'),
  l."id",
  v."id",
  v."created_at",
  v."certificate_type",
  v."area_code",
  o."area",
  coalesce(l."publish_time", now()),
  l."reviewer_id"
FROM "second_hand_listings" l
JOIN "listing_verifications" v ON v."id" = l."check_id" AND v."check_status" = 2
LEFT JOIN "ownership_records" o ON o."id" = v."ownership_record_id"
WHERE l."publish_status" = 3
  AND NOT EXISTS (
    SELECT 1 FROM "listing_check_codes" c WHERE c."listing_id" = l."id" AND c."revoked_at" IS NULL
  );
