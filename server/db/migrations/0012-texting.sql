-- Texting (issue 14 part 1, /dashboard/texto): one conversation per company and client phone
-- number (E.164), linked to that client's newest application when one matches; its messages in
-- both directions with the provider's id and delivery status, who sent an outbound one, and when
-- an inbound one was read. docs/decisions/210-texting-conversations-and-messages.md.
CREATE TABLE text_conversations (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  client_phone text NOT NULL CHECK (client_phone ~ '^\+[1-9][0-9]{6,14}$'),
  application_id integer REFERENCES applications (id) ON DELETE SET NULL,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, client_phone)
);
--> statement-breakpoint
CREATE INDEX text_conversations_company_last_idx ON text_conversations (company_id, last_message_at DESC);
--> statement-breakpoint
CREATE TABLE text_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES text_conversations (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  body text NOT NULL,
  status text NOT NULL CHECK (
    status IN ('received', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed')
  ),
  provider text NOT NULL CHECK (provider IN ('twilio', 'sink')),
  provider_message_id text,
  error text,
  sent_by integer REFERENCES users (id) ON DELETE SET NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A provider retrying its webhook stores the inbound message once; status callbacks find it by id.
CREATE UNIQUE INDEX text_messages_provider_id_idx ON text_messages (provider, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX text_messages_conversation_idx ON text_messages (conversation_id, id);
--> statement-breakpoint
CREATE INDEX text_messages_unread_idx ON text_messages (conversation_id)
  WHERE direction = 'inbound' AND read_at IS NULL;
--> statement-breakpoint
-- The events stream polls recent changes of every process (docs/decisions/213-texting-events.md).
CREATE INDEX text_messages_updated_idx ON text_messages (updated_at);
