-- A live quote the carrier answered HTTP 401 or 403 (after the one OAuth token renewal, or at its
-- token endpoint): the company's credentials for that connection were refused (issue 43;
-- docs/decisions/773-credentials-refused-in-live-quotes.md). The quote stays an `error` with the
-- carrier's message; this flag lets the carrier page list the company without a connection test.
ALTER TABLE quotes ADD COLUMN credentials_refused boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The page reads the refused quotes alone, newest per connection and company: few rows, so a
-- partial index keeps the read off the whole quotes table.
CREATE INDEX quotes_credentials_refused_idx ON quotes (connector, answered_at) WHERE credentials_refused;
