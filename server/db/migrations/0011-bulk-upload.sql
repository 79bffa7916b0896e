-- Bulk upload (issue 13, SPEC §2 /dashboard/bulk-upload, §7 /services/file-upload/create-application):
-- an uploaded CSV or XLSX file with its column mapping, imported row by row by a `bulk-import` job
-- (docs/decisions/109-one-job-mechanism.md). docs/decisions/190-bulk-upload-file-and-rows.md.
CREATE TABLE bulk_uploads (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  agent_id integer NOT NULL REFERENCES agents (id),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL,
  file_kind text NOT NULL CHECK (file_kind IN ('csv', 'xlsx')),
  -- sha256 of the file's bytes: the same file uploaded twice to one company is one upload.
  file_hash text NOT NULL,
  content bytea NOT NULL,
  headers jsonb NOT NULL,
  -- Column index (as text) -> schema field; unmapped columns are absent.
  mapping jsonb NOT NULL,
  product text NOT NULL,
  launch_valid boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  rows_total integer NOT NULL,
  -- The import's durable cursor: rows 1..rows_read are settled (created or refused).
  rows_read integer NOT NULL DEFAULT 0,
  rows_created integer NOT NULL DEFAULT 0,
  rows_refused integer NOT NULL DEFAULT 0,
  job_id integer REFERENCES jobs (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (company_id, file_hash)
);
--> statement-breakpoint
CREATE INDEX bulk_uploads_company_idx ON bulk_uploads (company_id, created_at DESC);
--> statement-breakpoint
-- One row per settled data row of a file (row_number 1 = the first row after the header): the
-- application it created, or its messages by field and its original cells for the error file.
CREATE TABLE bulk_upload_rows (
  upload_id integer NOT NULL REFERENCES bulk_uploads (id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  application_id integer REFERENCES applications (id) ON DELETE SET NULL,
  -- json, not jsonb: the order of the messages (the form's order) is kept.
  messages json,
  cells jsonb,
  PRIMARY KEY (upload_id, row_number)
);
--> statement-breakpoint
CREATE INDEX bulk_upload_rows_application_idx ON bulk_upload_rows (application_id);
--> statement-breakpoint
-- The mapping a company chose for a header (normalized: lower case, letters and digits only),
-- proposed first for the next file.
CREATE TABLE bulk_upload_mappings (
  company_id integer NOT NULL REFERENCES companies (id),
  header_key text NOT NULL,
  field text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, header_key)
);
