-- GIN twins of FerretDB v1's indexes, so that its filter pushdown can use an index.
--
-- FerretDB v1's PostgreSQL handler stores a document in one jsonb column `_jsonb` and pushes an equality
-- filter down as `_jsonb->'field' @> '<value>'` (strings, booleans, ids, dates, numbers; $eq and implicit
-- equality; not $in, $lt/$gt, $or, $exists). createIndex makes a btree on the expression `(_jsonb->'field')`,
-- and a btree cannot answer `@>`: every pushed-down query would be a sequential scan, `_id` lookups included.
-- This trigger gives every btree FerretDB creates on a collection table a GIN twin over the same expressions
-- (jsonb_path_ops answers `@>`), created in the same statement, so the twin exists when createIndex returns.
-- A dropped collection drops its table and both indexes; a dropped index leaves its twin (harmless).
-- Idempotent: run on every FerretDB start (see main.go), which also twins indexes made before it existed.

CREATE OR REPLACE FUNCTION rv_ferretdb_twin_index(btree oid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  ix record;
  cols text[] := ARRAY[]::text[];
  k int;
  twin text;
BEGIN
  SELECT i.indexrelid, i.indnatts, c.relname AS index_name, n.nspname, t.relname AS table_name, am.amname
    INTO ix
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = c.relam
   WHERE i.indexrelid = btree;
  -- FerretDB's own metadata table (`_ferretdb_database_metadata`) is small and queried by _id only.
  IF NOT FOUND OR ix.amname <> 'btree' OR ix.table_name LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  FOR k IN 1..ix.indnatts LOOP
    cols := cols || pg_get_indexdef(ix.indexrelid, k, false);
  END LOOP;
  -- Only FerretDB's shape: every column an expression on _jsonb (`((_jsonb -> 'field'::text))` …).
  IF EXISTS (SELECT 1 FROM unnest(cols) col WHERE col !~ '^\(*_jsonb -> ') THEN
    RETURN;
  END IF;
  twin := left(ix.index_name, 44) || '_rvgin_' || ix.indexrelid;
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = twin AND relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = ix.nspname)) THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX %I ON %I.%I USING gin (%s)', twin, ix.nspname, ix.table_name,
    (SELECT string_agg('(' || col || ') jsonb_path_ops', ', ') FROM unnest(cols) col));
END
$fn$;

CREATE OR REPLACE FUNCTION rv_ferretdb_twin_trigger() RETURNS event_trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cmd record;
BEGIN
  FOR cmd IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE INDEX' LOOP
    PERFORM rv_ferretdb_twin_index(cmd.objid);
  END LOOP;
END
$fn$;

DO $do$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'rv_ferretdb_twin') THEN
    CREATE EVENT TRIGGER rv_ferretdb_twin ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
      EXECUTE FUNCTION rv_ferretdb_twin_trigger();
  END IF;
  -- Indexes created before the trigger existed.
  PERFORM rv_ferretdb_twin_index(i.indexrelid) FROM pg_index i;
  -- FerretDB passes the field name as a bind parameter (`_jsonb->$1 @> $2`) in prepared statements: a
  -- generic plan cannot match the index expression `(_jsonb->'field')`, a custom plan (parameters
  -- substituted) can. New sessions of this database always plan with the values.
  EXECUTE format('ALTER DATABASE %I SET plan_cache_mode = force_custom_plan', current_database());
END
$do$;
