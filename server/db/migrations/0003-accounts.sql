-- Issue 4: accounts, companies, plans, portal settings, password resets, switch user and API
-- credentials (docs/api-accounts.md). Settings live in one jsonb per company, checked by JSON
-- Schemas at the edge (docs/decisions/082-portal-settings-as-company-jsonb.md).
ALTER TABLE companies ADD COLUMN plan_id text;
--> statement-breakpoint
ALTER TABLE companies ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN phone text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN assigned_agent_id integer REFERENCES agents(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX users_company_idx ON users (company_id);
--> statement-breakpoint
-- A session made by switch-user remembers the session it was switched from, so switch-back can
-- prove the caller really came from there.
ALTER TABLE sessions ADD COLUMN switched_from_session_id integer REFERENCES sessions(id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE TABLE company_logos (
  company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  content_type text NOT NULL,
  content_base64 text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE password_reset_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE api_credentials (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  key_id text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX api_credentials_company_idx ON api_credentials (company_id, id);
