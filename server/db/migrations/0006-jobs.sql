-- One durable job mechanism for every background job that is not a quote request (ARCHITECTURE
-- "One job mechanism"): bulk imports, exports, messaging sends and follow-ups, webhook deliveries.
-- A job is a kind, a payload, a run-after time and attempts, claimed with FOR UPDATE SKIP LOCKED
-- under a renewed lease. docs/decisions/109-one-job-mechanism.md.
CREATE TABLE jobs (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  company_id integer REFERENCES companies (id),
  dedupe_key text UNIQUE,
  status text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  progress jsonb,
  result jsonb,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The claim walks queued jobs in run_after order and re-claims running ones whose lease ran out.
CREATE INDEX jobs_claimable_idx ON jobs (run_after, id) WHERE status IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX jobs_company_kind_idx ON jobs (company_id, kind, created_at DESC);
