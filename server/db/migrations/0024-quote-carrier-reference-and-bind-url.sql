-- Live carrier quotes (issue 19): the carrier's own reference of a quote and the page of its
-- portal where the agent binds it, both as the HTTP connector's response mapping gave them (null
-- for sandbox, manual and SOV quotes). docs/decisions/360-carrier-connections-as-data.md.
ALTER TABLE quotes ADD COLUMN carrier_reference text;
--> statement-breakpoint
ALTER TABLE quotes ADD COLUMN bind_url text CHECK (bind_url IS NULL OR bind_url LIKE 'https://%');
