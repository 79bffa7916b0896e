-- The audit trail (issue 38, docs/decisions/719-append-only-audit-trail.md): one row per audited
-- action, written by server/audit/record-audit-event.ts alone. `actor_user_id` is the person
-- (the user who signed in, at the root of a switched session), `acting_as_user_id` whom they acted
-- as; `company_id` is the agency whose trail shows the row. No foreign keys: the trail outlives
-- deleted users, applications and companies.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  actor_user_id integer,
  acting_as_user_id integer,
  company_id integer,
  target_type text,
  target_id text,
  client_address text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX audit_events_company_time_idx ON audit_events (company_id, occurred_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_events_time_idx ON audit_events (occurred_at DESC, id DESC);
--> statement-breakpoint
-- Append-only in the database itself: UPDATE is always refused, DELETE only for rows older than
-- the cut-off the retention purge names in the transaction-local setting audit.purge_before
-- (server/repositories/audit-events-repository.ts purgeAuditEventsBefore), TRUNCATE never.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('audit.purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.occurred_at < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
