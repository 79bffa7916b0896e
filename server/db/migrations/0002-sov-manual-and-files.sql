-- Issue 3: where a quote comes from (automatic connector, statement of values, staff), the
-- documents staff attach to manual quotes, and the statements of values agents build
-- (docs/decisions/060-sov-manual-quotes-and-files.md).
CREATE TABLE files (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  content bytea NOT NULL,
  uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX files_application_idx ON files (application_id);
--> statement-breakpoint
ALTER TABLE quotes ADD COLUMN source text NOT NULL DEFAULT 'automatic'
  CHECK (source IN ('automatic', 'sov', 'manual'));
--> statement-breakpoint
ALTER TABLE quotes ADD COLUMN quote_manager_id text;
--> statement-breakpoint
ALTER TABLE quotes ADD COLUMN document_id integer REFERENCES files(id) ON DELETE SET NULL;
--> statement-breakpoint
-- One SOV or manual quote per carrier and application, even when two launches race.
CREATE UNIQUE INDEX quotes_one_per_offline_carrier_idx
  ON quotes (application_id, source, carrier, (coalesce(sub_carrier, '')))
  WHERE source <> 'automatic';
--> statement-breakpoint
CREATE TABLE statements_of_values (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  quote_manager_id text NOT NULL,
  buildings jsonb NOT NULL,
  submitted_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, quote_manager_id)
);
