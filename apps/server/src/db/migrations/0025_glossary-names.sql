ALTER TABLE "buildings" RENAME COLUMN "tablet_num" TO "name";--> statement-breakpoint
ALTER TABLE "rooms" RENAME COLUMN "house_map_name" TO "room_number";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "netsignnum" TO "net_sign_number";--> statement-breakpoint
ALTER TABLE "buyer_records" RENAME COLUMN "netsignnum" TO "net_sign_number";--> statement-breakpoint
ALTER TABLE "group_buy_signups" RENAME COLUMN "dong" TO "building_name";--> statement-breakpoint
ALTER TABLE "group_buy_signups" RENAME COLUMN "danyuan" TO "unit_name";--> statement-breakpoint
ALTER TABLE "group_buy_signups" RENAME COLUMN "huhao" TO "room_number";--> statement-breakpoint
-- The columns take the glossary's names (docs/decisions/0049-glossary-names-in-the-schema.md);
-- the rows stay as they are. Indexes, their predicates and the buyer records' unique key follow a
-- renamed column by themselves; the trigger functions name their columns in their text, so they
-- are defined again with the new names, otherwise unchanged.
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
          OR (pay_status IN (3, 4) AND lock_released_at IS NULL AND net_sign_number IS NULL));
  SELECT identity_order_limit INTO project_limit FROM projects WHERE id = NEW.project_id;
  IF held_elsewhere > 0 OR held_here >= coalesce(project_limit, 1) THEN
    RAISE EXCEPTION 'identity already holds a live deposit order' USING ERRCODE = 'PX601';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_price_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF NEW.source = 'seed' OR NEW.subject_kind = 'listing' OR NEW.old_price <= 0 THEN
    RETURN NEW;
  END IF;
  IF abs(NEW.new_price - NEW.old_price) * 100 < NEW.old_price THEN
    RETURN NEW;
  END IF;
  IF NEW.subject_kind = 'project' THEN
    PERFORM queue_subscription_event(NEW.subject_id, NULL, 'price',
      format('平台价由%s元/㎡调整为%s元/㎡', NEW.old_price, NEW.new_price));
  ELSE
    SELECT rm.project_id, rm.building_id, b.name INTO r
    FROM rooms rm JOIN buildings b ON b.id = rm.building_id WHERE rm.id = NEW.subject_id;
    IF FOUND THEN
      PERFORM queue_subscription_event(r.project_id, r.building_id, 'price',
        format('%s有房源单价由%s元/㎡调整为%s元/㎡', r.name, NEW.old_price, NEW.new_price));
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_opening_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  building_name text;
BEGIN
  IF NEW.sale_status = 'green' AND OLD.sale_status = 'gray' THEN
    SELECT name INTO building_name FROM buildings WHERE id = NEW.building_id;
    PERFORM queue_subscription_event(NEW.project_id, NEW.building_id, 'opening',
      format('%s有房源开始可售', coalesce(building_name, '')));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_licence_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  licence_no text;
BEGIN
  IF NEW.licence_id IS NOT NULL AND NEW.licence_id IS DISTINCT FROM OLD.licence_id THEN
    SELECT l.licence_no INTO licence_no FROM licences l WHERE l.id = NEW.licence_id;
    PERFORM queue_subscription_event(NEW.project_id, NEW.id, 'licence',
      format('%s取得预售许可证%s', NEW.name, coalesce(licence_no, '')));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscription_opening_insert_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT n.project_id, n.building_id, b.name
    FROM new_rooms n JOIN buildings b ON b.id = n.building_id
    WHERE n.sale_status = 'green'
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.project_id = n.project_id AND s.topic = 'opening')
  LOOP
    PERFORM queue_subscription_event(r.project_id, r.building_id, 'opening',
      format('%s有房源开始可售', r.name));
  END LOOP;
  RETURN NULL;
END $$;
