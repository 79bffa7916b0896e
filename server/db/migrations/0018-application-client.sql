-- The customer portal (issue 16): an application's client is a customer account of the same
-- company, set by the agent working it (the customer assigned to that agent, SPEC §2 "assign
-- agent to customer"). The customer then sees the application and its quotes read-only.
-- Deleting the customer leaves the application unlinked. docs/decisions/270-customer-portal.md.
ALTER TABLE applications ADD COLUMN client_user_id integer REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX applications_client_user_id_idx ON applications (client_user_id) WHERE client_user_id IS NOT NULL;
