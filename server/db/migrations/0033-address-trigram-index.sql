-- The listing's address filter is `searched_address ILIKE '%text%'` (a substring anywhere), which
-- no btree serves: for a super-admin (every company) it read all 1,000,000 rows of the benchmark.
-- A trigram GIN index serves ILIKE with leading wildcards (issue 18; docs/decisions/550-api-per-call-cost.md).
-- pg_trgm ships with PostgreSQL (a trusted extension since 13); PGlite has it only when loaded as
-- an extension, which the app does not do, so there the filter stays a scan of the small embedded
-- database: the same file serves both (docs/decisions/011-one-set-of-sql-migrations.md).
-- The extension goes to `public` (one per database) and its operator class is named with the
-- schema it is in, so a search_path without it (the test suites' own schemas) still finds it.
DO $$
DECLARE
  trgm_schema name;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
    SELECT n.nspname INTO trgm_schema
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'pg_trgm';
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS applications_searched_address_trgm_idx
         ON applications USING gin (searched_address %I.gin_trgm_ops)',
      trgm_schema);
  END IF;
END
$$;
