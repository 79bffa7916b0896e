-- Initial schema of the portal (docs/decisions/011-one-set-of-sql-migrations.md).
-- Statements are separated by the marker line below so PGlite (one statement per query) and
-- PostgreSQL run the same file.
CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  trial_ends_at timestamptz,
  is_trial_disabled boolean NOT NULL DEFAULT false,
  has_active_subscription boolean NOT NULL DEFAULT false,
  permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
  stripe_id text,
  eo_data jsonb,
  approved_states text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('super-admin', 'admin', 'agent', 'customer')),
  password_hash text NOT NULL,
  company_id integer REFERENCES companies(id),
  customer_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE agents (
  id serial PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  licensed_states text[] NOT NULL DEFAULT '{}'
);
--> statement-breakpoint
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE applications (
  id serial PRIMARY KEY,
  agent_id integer NOT NULL REFERENCES agents(id),
  company_id integer NOT NULL REFERENCES companies(id),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'launched', 'completed')),
  application_type text NOT NULL DEFAULT 'flood',
  carrier_quote_type jsonb NOT NULL DEFAULT '["Primary"]'::jsonb,
  useable_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_cross_sale boolean NOT NULL DEFAULT false,
  min_quote_amount numeric(14, 2),
  application_relaunch_count integer NOT NULL DEFAULT 0,
  application_source text NOT NULL DEFAULT 'Agent Portal',
  ads_data jsonb,
  client_name_id text,
  rocket_agent text,
  searched_address text NOT NULL DEFAULT '',
  client_name text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  launched_at timestamptz
);
--> statement-breakpoint
CREATE INDEX applications_agent_idx ON applications (agent_id, id DESC);
--> statement-breakpoint
CREATE INDEX applications_company_idx ON applications (company_id, id DESC);
--> statement-breakpoint
CREATE INDEX applications_agent_address_idx ON applications (agent_id, searched_address);
--> statement-breakpoint
CREATE INDEX applications_source_idx ON applications (application_source);
--> statement-breakpoint
CREATE INDEX applications_client_name_id_idx ON applications (client_name_id);
--> statement-breakpoint
CREATE INDEX applications_product_idx ON applications ((carrier_quote_type ->> 0));
--> statement-breakpoint
CREATE TABLE notes (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX notes_application_idx ON notes (application_id);
--> statement-breakpoint
CREATE TABLE quotes (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  carrier text NOT NULL,
  sub_carrier text,
  display_name text NOT NULL,
  connector text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'quoted', 'declined', 'error', 'timeout')),
  premium numeric(14, 2),
  coverages jsonb NOT NULL DEFAULT '{}'::jsonb,
  benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
  message text,
  indicative boolean NOT NULL DEFAULT true,
  requested_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz
);
--> statement-breakpoint
CREATE INDEX quotes_application_idx ON quotes (application_id);
--> statement-breakpoint
CREATE TABLE quote_jobs (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  quote_id integer NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX quote_jobs_claim_idx ON quote_jobs (status, run_after, id);
