-- New quote jobs wake the quote workers at once (issue 18): every statement inserting into
-- quote_jobs sends NOTIFY quote_jobs, delivered when its transaction commits (so a worker never
-- wakes for a launch that rolled back) and once per transaction (PostgreSQL folds identical
-- notifications). Workers LISTEN on PostgreSQL and use PGlite's in-process listen; polling stays
-- as a slow fallback. docs/decisions/350-launch-wakes-the-quote-worker.md.
CREATE FUNCTION notify_quote_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quote_jobs', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quote_jobs_notify AFTER INSERT ON quote_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_quote_jobs();
