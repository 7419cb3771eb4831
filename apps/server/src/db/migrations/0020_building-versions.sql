CREATE SEQUENCE "public"."building_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "building_versions" (
	"building_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every building starts with a version; later ones get theirs with their first rooms.
INSERT INTO "building_versions" ("building_id", "version")
SELECT "id", nextval('building_version_seq') FROM "buildings" ORDER BY "id";
--> statement-breakpoint
-- A fresh version for one building, unless this transaction already gave it one (remembered in
-- a transaction-local setting): the new value becomes visible together with everything the
-- transaction changed, so one bump per transaction covers it all. Called at commit by the
-- deferred triggers below, so the version row's lock is the last lock a transaction takes and
-- is held only while it commits.
CREATE OR REPLACE FUNCTION bump_building_version(b integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('portal.bumped_buildings', true), '');
BEGIN
  IF b IS NULL OR position(',' || b || ',' IN bumped) > 0 THEN
    RETURN;
  END IF;
  UPDATE building_versions SET version = nextval('building_version_seq') WHERE building_id = b;
  IF NOT FOUND THEN
    INSERT INTO building_versions (building_id, version)
    VALUES (b, nextval('building_version_seq'))
    ON CONFLICT (building_id) DO UPDATE SET version = nextval('building_version_seq');
  END IF;
  PERFORM set_config(
    'portal.bumped_buildings',
    CASE WHEN bumped = '' THEN ',' ELSE bumped END || b || ',',
    true
  );
END $$;
--> statement-breakpoint
-- Rooms: a statement's new or deleted rooms bump their buildings once (bulk imports, a
-- building's deletion); a changed room bumps its building (and its former one) at commit.
CREATE OR REPLACE FUNCTION rooms_bump_building_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_building_version(d.building_id)
       FROM (SELECT DISTINCT building_id FROM changed_rooms ORDER BY building_id) d;
  ELSE
    PERFORM bump_building_version(d.building_id)
       FROM (SELECT DISTINCT building_id FROM removed_rooms ORDER BY building_id) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_building_version_insert" AFTER INSERT ON "rooms"
REFERENCING NEW TABLE AS changed_rooms
FOR EACH STATEMENT EXECUTE FUNCTION rooms_bump_building_versions();
--> statement-breakpoint
CREATE TRIGGER "rooms_building_version_delete" AFTER DELETE ON "rooms"
REFERENCING OLD TABLE AS removed_rooms
FOR EACH STATEMENT EXECUTE FUNCTION rooms_bump_building_versions();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_bump_building_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_building_version(NEW.building_id);
  IF NEW.building_id IS DISTINCT FROM OLD.building_id THEN
    PERFORM bump_building_version(OLD.building_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rooms_building_version_update" AFTER UPDATE ON "rooms"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION room_bump_building_version();
--> statement-breakpoint
-- Orders: a new, deleted or moved order, or a change of its pay status or deadlines, bumps the
-- building of its room at commit.
CREATE OR REPLACE FUNCTION order_bump_building_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_building_version((SELECT building_id FROM rooms WHERE id = NEW.room_id));
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.room_id IS DISTINCT FROM OLD.room_id) THEN
    PERFORM bump_building_version((SELECT building_id FROM rooms WHERE id = OLD.room_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_building_version" AFTER INSERT OR DELETE ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION order_bump_building_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_building_version_update" AFTER UPDATE ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.pay_status IS DISTINCT FROM NEW.pay_status
      OR OLD.pay_expire_time IS DISTINCT FROM NEW.pay_expire_time
      OR OLD.expire_time IS DISTINCT FROM NEW.expire_time
      OR OLD.delay_status IS DISTINCT FROM NEW.delay_status
      OR OLD.room_id IS DISTINCT FROM NEW.room_id)
EXECUTE FUNCTION order_bump_building_version();
--> statement-breakpoint
-- Buildings: a licence assigned or withdrawn (also by a licence's deletion) or a move to
-- another project.
CREATE OR REPLACE FUNCTION building_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_building_version(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "buildings_version_update" AFTER UPDATE ON "buildings"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.licence_id IS DISTINCT FROM NEW.licence_id OR OLD.project_id IS DISTINCT FROM NEW.project_id)
EXECUTE FUNCTION building_bump_version();
--> statement-breakpoint
-- Units: any change (the unit names and which unit comes first).
CREATE OR REPLACE FUNCTION unit_bump_building_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_building_version(NEW.building_id);
  END IF;
  IF TG_OP = 'DELETE' OR NEW.building_id IS DISTINCT FROM OLD.building_id THEN
    PERFORM bump_building_version(OLD.building_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "units_building_version" AFTER INSERT OR UPDATE OR DELETE ON "units"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION unit_bump_building_version();
--> statement-breakpoint
-- Projects: publishing or withdrawing a project bumps all its buildings, in id order.
CREATE OR REPLACE FUNCTION project_bump_building_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_building_version(b.id)
     FROM (SELECT id FROM buildings WHERE project_id = NEW.id ORDER BY id) b;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_building_versions" AFTER UPDATE ON "projects"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.publish_status IS DISTINCT FROM NEW.publish_status)
EXECUTE FUNCTION project_bump_building_versions();
