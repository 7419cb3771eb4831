CREATE TABLE "room_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"building_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"sale_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "identity_order_limit" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "identity_hash" text;--> statement-breakpoint
CREATE INDEX "room_events_at_idx" ON "room_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "orders_identity_live_idx" ON "orders" USING btree ("identity_hash") WHERE "orders"."pay_status" = 1 or ("orders"."pay_status" in (3, 4) and "orders"."lock_released_at" is null and "orders"."netsignnum" is null);--> statement-breakpoint
CREATE INDEX "orders_identity_closed_idx" ON "orders" USING btree ("identity_hash","pay_expire_time") WHERE "orders"."pay_status" in (0, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_identity_order_limit_check" CHECK ("projects"."identity_order_limit" between 1 and 10);