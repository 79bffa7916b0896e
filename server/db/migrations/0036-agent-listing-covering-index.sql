-- An agent's listing (get-agent-applications-list, newest first) filters the agent's rows by
-- address, product and status and counts them per status. With these three columns in the index
-- both of its scans are index-only: the filters are checked on index entries, and only the page's
-- rows are read from the table (issue 18; docs/decisions/591-listing-index-only-and-prepared.md).
-- Same key as applications_agent_created_idx (0005), which it replaces.
CREATE INDEX applications_agent_listing_idx ON applications (agent_id, created_at DESC, id DESC)
  INCLUDE (status, searched_address, carrier_quote_type);
--> statement-breakpoint
DROP INDEX IF EXISTS applications_agent_created_idx;
