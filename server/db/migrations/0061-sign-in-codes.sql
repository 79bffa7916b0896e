-- Issue 38, keys out of URLs (docs/decisions/748-session-cookie-for-links-and-streams.md): the
-- SAML return redirects with a one-time code instead of the session key; auth/saml-sso-complete
-- spends it (once, within minutes) for the session. Stored by SHA-256, as session keys are.
CREATE TABLE sign_in_codes (
  id serial PRIMARY KEY,
  code_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sign_in_codes_expires_at ON sign_in_codes (expires_at);
