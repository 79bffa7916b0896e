-- Partner API keys (issue 16): an API credential authenticates calls with
-- `Authorization: Bearer <secret>`. Each key carries the scopes its company's admin chose (none
-- for keys made before this migration, so no old key gains a power nobody granted), and the time
-- its secret was last rotated. The secret is found by its SHA-256, so the hash is unique and
-- indexed. docs/decisions/290-partner-api-keys-hashed-with-sha256.md, 291-partner-key-scopes.md.
ALTER TABLE api_credentials ADD COLUMN scopes text[] NOT NULL DEFAULT '{}'
  CHECK (scopes <@ ARRAY['applications:read', 'applications:write', 'applications:launch']::text[]);
--> statement-breakpoint
ALTER TABLE api_credentials ADD COLUMN rotated_at timestamptz;
--> statement-breakpoint
CREATE UNIQUE INDEX api_credentials_secret_hash_idx ON api_credentials (secret_hash);
