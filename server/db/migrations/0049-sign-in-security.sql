-- Issue 38, sign-in half: what a session remembers for its owner's list and the idle timeout,
-- the failure counters of the sign-in throttle, and the second factors (TOTP with recovery
-- codes, WebAuthn passkeys). docs/decisions/712 to 718.

-- A session's last use (the idle timeout counts from it), and where and with what it signed in.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
ALTER TABLE sessions ADD COLUMN client_address text;
--> statement-breakpoint
ALTER TABLE sessions ADD COLUMN user_agent text;
--> statement-breakpoint
CREATE INDEX sessions_user_active ON sessions (user_id) WHERE revoked_at IS NULL;
--> statement-breakpoint

-- Failed sign-ins (and reset requests) per key in a fixed window, shared by every process on the
-- database: 'login-account:<normalised e-mail>', 'login-address:<client address>', ...
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
--> statement-breakpoint

-- A user's authenticator-app secret (base32), pending until a first code confirms it; the last
-- time step accepted, so a code is never accepted twice.
CREATE TABLE user_totp (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_time_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- One-time recovery codes, by SHA-256; a used code keeps its row with used_at set.
CREATE TABLE mfa_recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);
--> statement-breakpoint

-- The step between a right password and a session: the mfa_token's hash, its user, wrong codes
-- so far, and the WebAuthn challenge of a passkey sign-in or registration under way.
CREATE TABLE mfa_challenges (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  webauthn_challenge text,
  client_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- A user's passkeys (WebAuthn credentials): id and COSE public key in base64url, the signature
-- counter, and the transports the browser reported.
CREATE TABLE webauthn_credentials (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
