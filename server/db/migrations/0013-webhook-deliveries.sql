-- The customer quotes webhook's delivery log (issue 14): one row per attempt to POST a company's
-- webhook, written as `sending` before the request leaves and settled with its outcome, status
-- code, duration and the start of the answer. A `sending` row found by a later attempt is one a
-- crash interrupted. application_id has no foreign key: the log outlives a deleted application.
-- docs/decisions/220-customer-quotes-webhook-delivery.md, 223-webhook-delivery-log.md.
CREATE TABLE webhook_deliveries (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  job_id integer REFERENCES jobs (id) ON DELETE SET NULL,
  application_id integer,
  event text NOT NULL CHECK (event IN ('quotes.completed', 'test')),
  delivery_id text NOT NULL,
  attempt integer NOT NULL,
  url text NOT NULL,
  outcome text NOT NULL DEFAULT 'sending'
    CHECK (outcome IN ('sending', 'delivered', 'retrying', 'failed', 'refused', 'interrupted')),
  status_code integer,
  duration_ms integer,
  error text,
  response_excerpt text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_company_idx ON webhook_deliveries (company_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_delivery_idx ON webhook_deliveries (delivery_id, attempt);
