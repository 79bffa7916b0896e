-- Issue 43, the outbox (docs/decisions/763-outbox-of-customer-messages.md): one row per message the
-- agency sends its clients (send-quote, the automatic e-mails and texts, the texting console's
-- texts), written with its outcome in the transaction of the business write (the note, the text
-- message). Account mails carrying secrets (invitations, password resets, sign-in codes) are never
-- stored. `attachment` is kept only while the message is failed, for a resend; a sent message
-- drops it. No foreign key on application_id: the log outlives a deleted application, as
-- webhook_deliveries does.
CREATE TABLE outbox_messages (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  application_id integer,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  template_key text NOT NULL,
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  attachment_name text,
  attachment_type text,
  attachment bytea,
  status text NOT NULL CHECK (status IN ('sent', 'failed')),
  error text,
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  triggered_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX outbox_messages_company_time_idx ON outbox_messages (company_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX outbox_messages_application_idx ON outbox_messages (application_id);
