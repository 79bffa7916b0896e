-- Issue 38, passkeys as a second factor (docs/decisions/754-passkeys-as-a-second-factor.md): the
-- WebAuthn challenges of a passkey registration (a signed-in user) and of a passkey sign-in (the
-- second step of a sign-in, tied to its mfa_challenges row). Kept on the server for five minutes
-- and spent by deleting the row, so a challenge answers once even when two requests race. They
-- replace mfa_challenges.webauthn_challenge, which no call wrote and which could not hold the
-- challenge of a registration.
CREATE TABLE webauthn_challenges (
  id serial PRIMARY KEY,
  challenge text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ceremony text NOT NULL CHECK (ceremony IN ('registration', 'sign-in')),
  mfa_challenge_id integer REFERENCES mfa_challenges(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((ceremony = 'sign-in') = (mfa_challenge_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at);
--> statement-breakpoint
-- The passkeys of one user are read at every passkey sign-in and on the profile.
CREATE INDEX webauthn_credentials_user_id ON webauthn_credentials (user_id);
--> statement-breakpoint
ALTER TABLE mfa_challenges DROP COLUMN webauthn_challenge;
