-- Client contacts (issue 20, SPEC §2 Dialogs "contact create/update"): the insured an agent quotes
-- for, kept in the agency's book apart from any one application: owned type, business or first
-- and last name, phone, e-mail. An application names its contact in client_name_id (SPEC §3, the
-- listing's client_name_id filter), the contact's id as text. A contact belongs to a company and,
-- when an agent's, to that agent. docs/decisions/432-client-contacts.md.
CREATE TABLE contacts (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  agent_id integer REFERENCES agents(id),
  owned_type text NOT NULL,
  business_name text,
  first_name text,
  last_name text,
  phone text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX contacts_company_id_idx ON contacts (company_id, id);
--> statement-breakpoint
CREATE INDEX contacts_agent_id_idx ON contacts (agent_id, id) WHERE agent_id IS NOT NULL;
