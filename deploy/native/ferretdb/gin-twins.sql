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
  -- fastupdate off: with it, every lookup also reads the index's pending list (up to 4 MB of recent
  -- entries): measured 2.3 ms for one `_id` at 100k checks. Without it an insert updates the tree at once.
  EXECUTE format('CREATE INDEX %I ON %I.%I USING gin (%s) WITH (fastupdate = off)', twin, ix.nspname,
    ix.table_name, (SELECT string_agg('(' || col || ') jsonb_path_ops', ', ') FROM unnest(cols) col));
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
DECLARE
  stmt text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'rv_ferretdb_twin') THEN
    CREATE EVENT TRIGGER rv_ferretdb_twin ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
      EXECUTE FUNCTION rv_ferretdb_twin_trigger();
  END IF;
  -- Indexes created before the trigger existed.
  PERFORM rv_ferretdb_twin_index(i.indexrelid) FROM pg_index i;
  -- Twins made by an earlier version of this file, with the pending list on.
  FOR stmt IN
    SELECT format('ALTER INDEX %I.%I SET (fastupdate = off)', n.nspname, c.relname)
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'i' AND c.relname LIKE '%\_rvgin\_%'
       AND NOT coalesce(c.reloptions @> '{fastupdate=off}', false)
  LOOP
    EXECUTE stmt;
  END LOOP;
  -- FerretDB passes the field name as a bind parameter (`_jsonb->$1 @> $2`) in prepared statements: a
  -- generic plan cannot match the index expression `(_jsonb->'field')`, a custom plan (parameters
  -- substituted) can. New sessions of this database always plan with the values.
  EXECUTE format('ALTER DATABASE %I SET plan_cache_mode = force_custom_plan', current_database());
  -- A collection's documents are TOASTed (a check record is ~14 KB), so its heap is a few pages while
  -- hundreds of documents are stored, and the planner prices a sequential scan of those pages below the
  -- twin's bitmap scan: but the scan decompresses every document to evaluate `_jsonb->'f' @> v`, ~4 ms per
  -- `_id` lookup at 300 checks stored (pg_stat_statements, docs/store.md). Past a few thousand documents the
  -- planner takes the index by itself. Off, it takes an index wherever one answers the filter from the
  -- first document on; a query no index answers (no filter pushed down, a field without an index) is still
  -- a sequential scan, the only plan it has.
  EXECUTE format('ALTER DATABASE %I SET enable_seqscan = off', current_database());
END
$do$;
