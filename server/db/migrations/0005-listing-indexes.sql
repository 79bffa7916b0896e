-- The listing (get-agent-applications-list) shows newest first: ORDER BY created_at DESC, id DESC
-- inside the caller's scope. Indexes in that order let a page stop after its rows instead of
-- sorting all of an agent's or agency's applications; they replace the (scope, id) indexes, whose
-- equality lookups they also serve. docs/decisions/108-benchmark-method.md (EXPLAIN on 1,000,000 rows).
DROP INDEX IF EXISTS applications_agent_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS applications_company_idx;
--> statement-breakpoint
CREATE INDEX applications_agent_created_idx ON applications (agent_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX applications_company_created_idx ON applications (company_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX applications_created_idx ON applications (created_at DESC, id DESC);
