CREATE TABLE "listing_drafts" (
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"check_id" integer,
	"data" jsonb NOT NULL,
	"picture_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_drafts_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "listing_drafts_type_check" CHECK ("listing_drafts"."type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "listing_drafts" ADD CONSTRAINT "listing_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_drafts" ADD CONSTRAINT "listing_drafts_check_id_listing_verifications_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."listing_verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_drafts_pictures_idx" ON "listing_drafts" USING gin ("picture_paths");