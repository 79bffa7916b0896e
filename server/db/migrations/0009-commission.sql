-- Commission (issue 12): rates per company, carrier (and sub-carrier) and product, new business and
-- renewal, in percent; policies the agency marked as bound from a quoted carrier, with what the
-- statement needs copied in so a reset or deleted application keeps its earned commission.
-- Money in integer cents. docs/decisions/177-commission.md.
CREATE TABLE commission_rates (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  carrier text NOT NULL,
  sub_carrier text NOT NULL DEFAULT '',
  product text NOT NULL,
  new_business_percent numeric(5, 2) NOT NULL CHECK (new_business_percent >= 0 AND new_business_percent <= 100),
  renewal_percent numeric(5, 2) NOT NULL CHECK (renewal_percent >= 0 AND renewal_percent <= 100),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, carrier, sub_carrier, product)
);
--> statement-breakpoint
CREATE TABLE bound_policies (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  agent_id integer NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  application_id integer REFERENCES applications (id) ON DELETE SET NULL,
  quote_id integer UNIQUE REFERENCES quotes (id) ON DELETE SET NULL,
  reference text NOT NULL,
  client_name text NOT NULL DEFAULT '',
  carrier text NOT NULL,
  sub_carrier text NOT NULL DEFAULT '',
  carrier_name text NOT NULL,
  product text NOT NULL,
  business text NOT NULL CHECK (business IN ('new', 'renewal')),
  policy_number text NOT NULL,
  effective_date date NOT NULL,
  premium_cents bigint NOT NULL CHECK (premium_cents > 0),
  bound_by integer REFERENCES users (id) ON DELETE SET NULL,
  bound_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  paid_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- Frozen when paid: a later rate change does not rewrite a paid line.
  paid_rate_percent numeric(5, 2),
  paid_commission_cents bigint
);
--> statement-breakpoint
CREATE INDEX bound_policies_company_effective_idx ON bound_policies (company_id, effective_date);
--> statement-breakpoint
CREATE INDEX bound_policies_agent_effective_idx ON bound_policies (agent_id, effective_date);
