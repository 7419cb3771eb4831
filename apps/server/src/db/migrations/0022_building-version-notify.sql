-- Every new building version is also announced on the channel building_versions as
-- '<building id>:<version>', delivered when the transaction commits. An instance on the
-- embedded database hears it before the commit returns to its writer, so it can keep the
-- versions it has read in memory instead of reading one per request
-- (docs/decisions/0036-building-table-snapshot.md).
CREATE OR REPLACE FUNCTION bump_building_version(b integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('portal.bumped_buildings', true), '');
  v bigint;
BEGIN
  IF b IS NULL OR position(',' || b || ',' IN bumped) > 0 THEN
    RETURN;
  END IF;
  UPDATE building_versions SET version = nextval('building_version_seq') WHERE building_id = b
  RETURNING version INTO v;
  IF NOT FOUND THEN
    INSERT INTO building_versions (building_id, version)
    VALUES (b, nextval('building_version_seq'))
    ON CONFLICT (building_id) DO UPDATE SET version = nextval('building_version_seq')
    RETURNING version INTO v;
  END IF;
  PERFORM set_config(
    'portal.bumped_buildings',
    CASE WHEN bumped = '' THEN ',' ELSE bumped END || b || ',',
    true
  );
  PERFORM pg_notify('building_versions', b || ':' || v);
END $$;
