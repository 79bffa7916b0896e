-- Keys the server signs links with (issue 16, quote_link short code): one random secret per
-- purpose, made on first use by whichever process gets there first (INSERT ... ON CONFLICT DO
-- NOTHING), then shared by every process on the database. Deleting a row revokes every link
-- signed with it. docs/decisions/440-quote-link-for-the-client.md.
CREATE TABLE signing_keys (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
