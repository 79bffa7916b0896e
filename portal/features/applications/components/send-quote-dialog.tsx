/**
 * The send/download quote dialog of the quotes view (SPEC §2 Dialogs; issue 13): choose the
 * document (market breakdown or flood rejection) and the quotes it shows (listed cheapest first,
 * starting with the carriers the agent compared, issue 40), download the PDF, or e-mail it to the
 * client (the application's e-mail, editable) with a subject and message started from the
 * company's e-mail template and previewed as the client will read them. The server notes each send
 * on the application; a download or a send is read out through the announcer (issue 46). docs/api.md Quote documents, docs/decisions/242-send-quote.md,
 * 752-sending-follows-the-comparison.md.
 */
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { announce } from '../../../lib/announce.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { Application, Quote } from '../api/application-types.ts';
import {
  downloadQuoteDocument,
  getQuoteEmailTemplates,
  type QuoteDocumentKind,
  type QuoteEmailTemplate,
  sendQuote,
} from '../api/quote-documents.ts';
import { QuoteEmailPreview } from './quote-email-preview.tsx';
import { sortQuotes } from './sort-quotes.ts';

/** The fields a send needs, as the dialog holds them. */
export interface SendQuoteFields {
  email: string;
  subject: string;
  quoteIds: number[];
}

/** Field messages of the dialog, by field. */
export type SendQuoteErrors = Partial<Record<'email' | 'subject' | 'quotes', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the dialog says before sending: no quote chosen, no or a malformed e-mail, no subject. */
export function sendQuoteErrors(fields: SendQuoteFields): SendQuoteErrors {
  const errors: SendQuoteErrors = {};
  if (fields.quoteIds.length === 0) errors.quotes = 'Choose at least one quote.';
  const email = fields.email.trim();
  if (email === '') errors.email = "Enter the client's e-mail address.";
  else if (!EMAIL.test(email)) errors.email = 'Enter a valid e-mail address, e.g. name@example.com.';
  if (fields.subject.trim() === '') errors.subject = 'Enter a subject.';
  return errors;
}

/**
 * The quotes chosen when the dialog opens (ADR 752): the ones the agent selected to compare
 * (`compared`, those still among `quotes`); without a selection, those with a premium still offered
 * (not expired, docs/decisions/400-quote-expiry.md), else every quote. Cheapest first (sortQuotes).
 */
export function defaultQuoteIds(quotes: Quote[], compared: number[] = []): number[] {
  const sorted = sortQuotes(quotes);
  const selection = sorted.filter((quote) => compared.includes(quote.id));
  if (selection.length > 0) return selection.map((quote) => quote.id);
  const priced = sorted.filter((quote) => quote.premium !== null && !quote.expired);
  return (priced.length > 0 ? priced : sorted).map((quote) => quote.id);
}

/** A quote's line in the choice: name, then premium or status, and "expired" past its expiry. */
function quoteLabel(quote: Quote): string {
  const offer = quote.premium !== null ? formatCurrency(quote.premium) : quote.status;
  return `${quote.display_name} · ${offer}${quote.expired ? ' · expired' : ''}`;
}

/** Field errors of a refused send (400 body.email, body.quote_ids), else null. */
function serverFieldErrors(errorObj: Record<string, string> | null): SendQuoteErrors | null {
  if (!errorObj) return null;
  const errors: SendQuoteErrors = {};
  if (errorObj['body.email']) errors.email = 'Enter a valid e-mail address, e.g. name@example.com.';
  if (errorObj['body.quote_ids']) errors.quotes = errorObj['body.quote_ids'];
  if (errorObj['body.subject']) errors.subject = 'Enter a subject of at most 200 characters.';
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Props: the application (its quotes and client e-mail), the quotes the agent selected to compare
 * (the dialog starts with them), open state, close, and the application after a send.
 */
export interface SendQuoteDialogProps {
  application: Application;
  compared: number[];
  opened: boolean;
  onClose: () => void;
  onSent: (application: Application) => void;
}

/** The dialog; its form starts afresh each time it opens. */
export function SendQuoteDialog({ application, compared, opened, onClose, onSent }: SendQuoteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send or download quote" centered size="lg">
      {opened && (
        <SendQuoteForm application={application} compared={compared} onClose={onClose} onSent={onSent} />
      )}
    </Modal>
  );
}

type Outcome = { kind: 'downloaded' | 'sent'; text: string } | { kind: 'error'; text: string } | null;

function SendQuoteForm({ application, compared, onClose, onSent }: Omit<SendQuoteDialogProps, 'opened'>) {
  const quotes = sortQuotes(application.quotes ?? []);
  const doc = application.payload.useable_details;
  const [document, setDocument] = useState<QuoteDocumentKind>('market-breakdown');
  const [quoteIds, setQuoteIds] = useState<number[]>(() => defaultQuoteIds(quotes, compared));
  // Whether the choice started from the comparison, said in its description.
  const [fromComparison] = useState(() => quotes.some((quote) => compared.includes(quote.id)));
  const [email, setEmail] = useState(typeof doc.email === 'string' ? doc.email : '');
  const [templates, setTemplates] = useState<QuoteEmailTemplate[] | null>(null);
  const [templatesFailed, setTemplatesFailed] = useState(false);
  const [templateName, setTemplateName] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<SendQuoteErrors>({});
  const [busy, setBusy] = useState<'download' | 'send' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let current = true;
    getQuoteEmailTemplates(application.id).then((envelope) => {
      if (!current) return;
      const list = envelope.data?.templates ?? [];
      if (envelope.status !== 'success' || list.length === 0) {
        setTemplatesFailed(true);
        return;
      }
      setTemplates(list);
      setTemplateName(list[0].name);
      setSubject(list[0].subject);
      setMessage(list[0].body);
    });
    return () => {
      current = false;
    };
  }, [application.id]);

  /** Clears a field's message as soon as the field changes. */
  const clear = (field: keyof SendQuoteErrors) => setErrors(({ [field]: _gone, ...rest }) => rest);

  function pickTemplate(name: string | null) {
    const template = templates?.find((t) => t.name === name);
    if (!template) return;
    setTemplateName(template.name);
    setSubject(template.subject);
    setMessage(template.body);
    clear('subject');
  }

  async function download() {
    if (quoteIds.length === 0) {
      setErrors((e) => ({ ...e, quotes: 'Choose at least one quote.' }));
      return;
    }
    setBusy('download');
    setOutcome(null);
    try {
      const name = await downloadQuoteDocument(document, application.id, quoteIds);
      setOutcome({ kind: 'downloaded', text: `Downloaded ${name}.` });
      announce(`Downloaded ${name}.`);
    } catch (error) {
      const text =
        error instanceof ApiRequestError
          ? error.envelope.message
          : 'The download failed. Check the connection and try again.';
      setOutcome({ kind: 'error', text });
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    const found = sendQuoteErrors({ email, subject, quoteIds });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy('send');
    setOutcome(null);
    const envelope = await sendQuote({
      application_id: application.id,
      document,
      quote_ids: quoteIds,
      email: email.trim(),
      subject,
      message,
    });
    setBusy(null);
    if (envelope.status === 'success' && envelope.data) {
      const text = `Sent to ${email.trim()}. The send is noted on the application.`;
      setOutcome({ kind: 'sent', text });
      announce(text);
      onSent(envelope.data.application);
      return;
    }
    const fieldErrors = serverFieldErrors(envelope.error_obj);
    if (fieldErrors) setErrors(fieldErrors);
    else setOutcome({ kind: 'error', text: envelope.message || 'The e-mail could not be sent. Try again.' });
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Document"
        value={document}
        onChange={(value) => setDocument(value as QuoteDocumentKind)}
        data={[
          { value: 'market-breakdown', label: 'Market breakdown' },
          { value: 'flood-rejection', label: 'Flood rejection' },
        ]}
      />
      <Checkbox.Group
        label="Quotes to include"
        description={`${quoteIds.length} of ${quotes.length} chosen, cheapest first${
          fromComparison ? '; started with the carriers you selected to compare' : ''
        }`}
        value={quoteIds.map(String)}
        onChange={(values) => {
          setQuoteIds(values.map(Number));
          clear('quotes');
        }}
        error={errors.quotes}
      >
        <Group gap="xs" mt={4} mb={6}>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              setQuoteIds(quotes.map((q) => q.id));
              clear('quotes');
            }}
          >
            All
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setQuoteIds([])}>
            None
          </Button>
        </Group>
        <Stack gap={6} mah={220} style={{ overflowY: 'auto' }}>
          {quotes.map((quote) => (
            <Checkbox key={quote.id} value={String(quote.id)} label={quoteLabel(quote)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={download}
          loading={busy === 'download'}
          disabled={busy === 'send'}
        >
          Download PDF
        </Button>
      </Group>

      <Divider label="E-mail to the client" labelPosition="left" />
      <TextInput
        label="Client e-mail"
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          clear('email');
        }}
        error={errors.email}
        maxLength={254}
        type="email"
        required
      />
      {templates === null && !templatesFailed ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading e-mail templates…
          </Text>
        </Group>
      ) : (
        templates && (
          <Select
            label="E-mail template"
            data={templates.map((t) => t.name)}
            value={templateName}
            onChange={pickTemplate}
            allowDeselect={false}
          />
        )
      )}
      {templatesFailed && (
        <Text size="sm" c="dimmed">
          The e-mail templates could not be loaded; type the subject and message.
        </Text>
      )}
      <TextInput
        label="Subject"
        value={subject}
        onChange={(event) => {
          setSubject(event.currentTarget.value);
          clear('subject');
        }}
        error={errors.subject}
        maxLength={200}
        required
      />
      <Textarea
        label="Message"
        description="Short codes such as {{first_name}} are filled in when the e-mail is sent, as the preview shows."
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={10}
        maxLength={10_000}
      />
      <QuoteEmailPreview
        applicationId={application.id}
        quoteIds={quoteIds}
        subject={subject}
        message={message}
      />
      {outcome && (
        <Alert
          color={outcome.kind === 'error' ? 'red' : 'green'}
          icon={outcome.kind === 'error' ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
          // An alert inserted with its words is read; a status is not reliably, so a download or a
          // send is read out through the announcer (issue 46, ADR 756).
          role={outcome.kind === 'error' ? 'alert' : undefined}
        >
          {outcome.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          leftSection={<IconMail size={16} />}
          onClick={send}
          loading={busy === 'send'}
          disabled={busy === 'download'}
        >
          Send e-mail
        </Button>
      </Group>
    </Stack>
  );
}
