-- The carrier catalogue as versioned data (issue 43; docs/decisions/772-carrier-catalogue-versions.md):
-- each published version is the whole carriers document (the shape of carriers.json), numbered, with
-- who published it, when and why (json, not jsonb: the document keeps its key order, which orders
-- the connections the portal lists and the fields of a carrier request). The highest version is the catalogue every server process quotes
-- with; the first start seeds version 1 from carriers.json. Rows are never changed.
CREATE TABLE carrier_catalog_versions (
  version integer PRIMARY KEY,
  catalogue json NOT NULL,
  note text NOT NULL DEFAULT '',
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A new version wakes every process (LISTEN carrier_catalog), once its transaction commits; each
-- process also polls, so a lost LISTEN connection only delays the reload.
CREATE FUNCTION notify_carrier_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carrier_catalog', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER carrier_catalog_versions_notify AFTER INSERT ON carrier_catalog_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_carrier_catalog();
--> statement-breakpoint
-- Every connection test (a super-admin's test of a draft, an admin's test in portal settings): which
-- connection definition (sha256 of its JSON) was tried with which company's credentials, and how it
-- went. A publish needs a passing test of each connection definition it adds or changes; the
-- carrier page reads credential failures from here.
CREATE TABLE carrier_connection_tests (
  id serial PRIMARY KEY,
  connection_id text NOT NULL,
  definition_hash text NOT NULL,
  company_id integer NOT NULL REFERENCES companies(id),
  tested_by integer NOT NULL REFERENCES users(id),
  passed boolean NOT NULL,
  credentials_refused boolean NOT NULL,
  outcome text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX carrier_connection_tests_connection_idx ON carrier_connection_tests (connection_id, at);
--> statement-breakpoint
-- The page's health reads live quotes by connector over a window.
CREATE INDEX quotes_connector_answered_idx ON quotes (connector, answered_at);
