-- Payments with Stripe (issue 16): every Stripe webhook event applied, by Stripe's event id, so a
-- replayed or re-sent event changes nothing (the id is inserted in the same transaction as the
-- company change it makes). Companies keep the id of their Stripe subscription next to stripe_id
-- (the Stripe customer), and the creation time of the last event that set their subscription
-- state, so an older event arriving late does not undo a newer one.
-- docs/decisions/281-stripe-webhooks-idempotent.md.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  company_id integer REFERENCES companies (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE companies ADD COLUMN stripe_subscription_id text;
--> statement-breakpoint
ALTER TABLE companies ADD COLUMN stripe_event_at timestamptz;
