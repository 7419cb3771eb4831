CREATE TABLE "read_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "read_versions" ("name", "version")
VALUES ('listing_search', (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
--> statement-breakpoint
-- The next version of one public read's answers, unless this transaction already gave it one
-- (remembered in a transaction-local setting), announced on the channel read_versions as
-- '<name>:<version>' when the transaction commits. Called at commit by the deferred triggers
-- below, so the version row's lock is the last lock a writer takes and is held only while it
-- commits (docs/architecture.md, "Kept answers of public reads").
CREATE OR REPLACE FUNCTION bump_read_version(n text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('portal.bumped_reads', true), '');
  v bigint;
BEGIN
  IF position(',' || n || ',' IN bumped) > 0 THEN
    RETURN;
  END IF;
  -- At least the clock in milliseconds: a version never comes back, even after the demo data's
  -- reset empties this table (a kept answer of the old data can never match a new version).
  INSERT INTO read_versions (name, version)
  VALUES (n, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
  ON CONFLICT (name) DO UPDATE SET version = greatest(
    read_versions.version + 1,
    (extract(epoch FROM clock_timestamp()) * 1000)::bigint
  )
  RETURNING version INTO v;
  PERFORM set_config(
    'portal.bumped_reads',
    CASE WHEN bumped = '' THEN ',' ELSE bumped END || n || ',',
    true
  );
  PERFORM pg_notify('read_versions', n || ':' || v);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_listing_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_read_version('listing_search');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A listing's change bumps the search, except a change of its view count (a detail view, which
-- also refreshes updated_at, not shown in search): the answers sorted by views may be that
-- much older, within the kept answers' age.
CREATE CONSTRAINT TRIGGER "second_hand_listings_search_version_update" AFTER UPDATE ON "second_hand_listings"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((to_jsonb(OLD.*) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW.*) - 'view_count' - 'updated_at'))
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "second_hand_listings_search_version_change" AFTER INSERT OR DELETE ON "second_hand_listings"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "listing_tags_search_version" AFTER INSERT OR UPDATE OR DELETE ON "listing_tags"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "listing_reports_search_version" AFTER INSERT OR UPDATE OR DELETE ON "listing_reports"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dictionaries_search_version" AFTER INSERT OR UPDATE OR DELETE ON "dictionaries"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_search_version" AFTER INSERT OR UPDATE OR DELETE ON "tags"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "districts_search_version" AFTER INSERT OR UPDATE OR DELETE ON "districts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
EXECUTE FUNCTION bump_listing_search_version();
