-- Issue 39: the id of the request that enqueued a job (X-Request-Id or a UUID), so a job's log
-- lines can be found from the request's, and back. Null for jobs enqueued outside a request.
ALTER TABLE jobs ADD COLUMN request_id text;
--> statement-breakpoint
ALTER TABLE quote_jobs ADD COLUMN request_id text;
