-- The orders made before this migration learn their buyer's identity hash from the account.
UPDATE "orders" SET "identity_hash" = "users"."identity_hash"
FROM "users" WHERE "users"."id" = "orders"."user_id" AND "orders"."identity_hash" IS NULL;
--> statement-breakpoint
-- One live deposit order per identity (city-wide; a project may allow more of its own rooms),
-- checked in the inserting transaction under a per-identity lock, so two accounts or two
-- requests of one identity cannot both pass.
CREATE OR REPLACE FUNCTION orders_identity_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held_elsewhere integer;
  held_here integer;
  project_limit integer;
BEGIN
  IF NEW.identity_hash IS NULL OR NEW.pay_status <> 1 THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('orders-identity:' || NEW.identity_hash, 0));
  SELECT count(*) FILTER (WHERE project_id <> NEW.project_id),
         count(*) FILTER (WHERE project_id = NEW.project_id)
    INTO held_elsewhere, held_here
    FROM orders
   WHERE identity_hash = NEW.identity_hash
     AND (pay_status = 1
          OR (pay_status IN (3, 4) AND lock_released_at IS NULL AND netsignnum IS NULL));
  SELECT identity_order_limit INTO project_limit FROM projects WHERE id = NEW.project_id;
  IF held_elsewhere > 0 OR held_here >= coalesce(project_limit, 1) THEN
    RAISE EXCEPTION 'identity already holds a live deposit order' USING ERRCODE = 'PX601';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_identity_limit" BEFORE INSERT ON "orders"
FOR EACH ROW EXECUTE FUNCTION orders_identity_limit();
--> statement-breakpoint
-- The building table's change feed: every change of a room's colour, deadlines or prices.
CREATE OR REPLACE FUNCTION rooms_change_feed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.sale_status IS NOT DISTINCT FROM OLD.sale_status
     AND NEW.pay_expire_time IS NOT DISTINCT FROM OLD.pay_expire_time
     AND NEW.lock_expire_time IS NOT DISTINCT FROM OLD.lock_expire_time
     AND NEW.delay_status IS NOT DISTINCT FROM OLD.delay_status
     AND NEW.current_price IS NOT DISTINCT FROM OLD.current_price
     AND NEW.total_price IS NOT DISTINCT FROM OLD.total_price THEN
    RETURN NEW;
  END IF;
  INSERT INTO room_events (building_id, room_id, sale_status) VALUES (NEW.building_id, NEW.id, NEW.sale_status);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_change_feed" AFTER UPDATE ON "rooms"
FOR EACH ROW EXECUTE FUNCTION rooms_change_feed();
