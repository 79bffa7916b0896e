/**
 * /dashboard/portal-settings/messaging-console (SPEC §2): SMTP, the SMS provider, email and SMS
 * templates (with a preview), automatic messages, short codes, the customer quotes webhook URL with
 * its delivery log, test and secret (issue 14), API credentials (locked, naming the plan that has
 * them, when the plan lacks them: issue 43) and API management, and the outbox of the messages sent
 * to clients with the resend of a failed one (issue 43).
 */
import { Badge, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { mayUseArea } from '../../../lib/area-access.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import type { PortalSettings } from '../api/portal-settings-api.ts';
import { ApiCredentialsDialog } from './api-credentials-dialog.tsx';
import { ApiManagementDialog } from './api-management-dialog.tsx';
import { AutoSendDialog } from './auto-send-dialog.tsx';
import { LockedAreaNote } from './locked-area-note.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { SettingsCard } from './settings-card.tsx';
import { SettingsPageFrame } from './settings-page-frame.tsx';
import { ShortCodesDialog } from './short-codes-dialog.tsx';
import { SmsProviderDialog } from './sms-provider-dialog.tsx';
import { SmtpDialog } from './smtp-dialog.tsx';
import { TemplatesDialog } from './templates-dialog.tsx';
import { WebhookDeliveriesPanel } from './webhook-deliveries-panel.tsx';
import { WebhookUrlDialog } from './webhook-url-dialog.tsx';

/** The access area (access/access-areas.json) of the API credentials card. */
const API_CREDENTIALS_AREA = 'api-credentials';

type Dialog =
  | 'smtp'
  | 'sms-provider'
  | 'email'
  | 'sms'
  | 'auto-send'
  | 'codes'
  | 'webhook'
  | 'credentials'
  | 'api'
  | null;

/** "Quotes ready (email), none (SMS)": the templates one auto-send event sends. */
function eventSummary(
  event: { email_template_id: number | null; sms_template_id: number | null },
  settings: PortalSettings,
): string {
  const name = (list: { id: number; name: string }[], id: number | null) =>
    id === null ? 'nothing' : (list.find((t) => t.id === id)?.name ?? 'nothing');
  return `${name(settings.email_templates, event.email_template_id)} (email), ${name(settings.sms_templates, event.sms_template_id)} (SMS)`;
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {value}
      </Text>
    </Group>
  );
}

/** A write-only secret's row: whether it is stored, never the secret. `words`: [set, not set]. */
function SecretRow({ label, isSet, words }: { label: string; isSet: boolean; words: [string, string] }) {
  return (
    <Row
      label={label}
      value={
        <Badge color={isSet ? 'green' : 'gray'} variant="light" radius="sm">
          {isSet ? words[0] : words[1]}
        </Badge>
      }
    />
  );
}

/** What the templates cards say of each kind: title, description, button, empty list. */
const TEMPLATE_CARDS = {
  email: {
    title: 'Email templates',
    description: 'E-mails sent to customers and agents.',
    action: 'Manage email templates',
    none: 'No email templates yet.',
  },
  sms: {
    title: 'SMS templates',
    description: 'Text messages sent to customers.',
    action: 'Manage SMS templates',
    none: 'No SMS templates yet.',
  },
} as const;

/** The card of one kind of templates: their names, or that there are none. */
function TemplatesCard({
  kind,
  templates,
  onManage,
}: {
  kind: 'email' | 'sms';
  templates: { name: string }[];
  onManage: () => void;
}) {
  const words = TEMPLATE_CARDS[kind];
  return (
    <SettingsCard
      title={words.title}
      description={words.description}
      actionLabel={words.action}
      onAction={onManage}
    >
      <Text size="sm">{templates.length === 0 ? words.none : templates.map((t) => t.name).join(', ')}</Text>
    </SettingsCard>
  );
}

function MessagingSections({ settings, companyId }: { settings: PortalSettings; companyId: number | null }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { smtp, sms_provider: smsProvider, api_management: api } = settings;
  // Issue 43: the plan decides API credentials, as the server does for every api-credentials call.
  const credentialsOpen = mayUseArea(useAuth().user, API_CREDENTIALS_AREA);
  return (
    <>
      {/* The outbox is its own tab: its list loads only when opened (keepMounted off). */}
      <Tabs defaultValue="settings" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="outbox">Outbox</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <SettingsCard
                title="SMTP"
                description="The mail server that sends the agency's e-mails."
                actionLabel={smtp ? 'Edit SMTP' : 'Set up SMTP'}
                onAction={() => setDialog('smtp')}
              >
                {smtp ? (
                  <>
                    <Row label="Server" value={`${smtp.host}:${smtp.port}`} />
                    <Row label="From" value={`${smtp.from_name} <${smtp.from_email}>`} />
                    <SecretRow
                      label="Password"
                      isSet={smtp.has_password}
                      words={['Password set', 'No password']}
                    />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    SMTP is not set up yet.
                  </Text>
                )}
              </SettingsCard>
              <SettingsCard
                title="SMS provider"
                description="The Twilio account that sends and receives the agency's texts."
                actionLabel={smsProvider ? 'Edit SMS provider' : 'Set up SMS provider'}
                onAction={() => setDialog('sms-provider')}
              >
                {smsProvider ? (
                  <>
                    <Row label="Account" value={smsProvider.account_sid} />
                    <Row label="Sending number" value={smsProvider.from_number} />
                    <SecretRow
                      label="Auth token"
                      isSet={smsProvider.has_auth_token}
                      words={['Auth token set', 'No auth token']}
                    />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    No SMS provider: texts go to the local sink.
                  </Text>
                )}
              </SettingsCard>
              {(['email', 'sms'] as const).map((kind) => (
                <TemplatesCard
                  key={kind}
                  kind={kind}
                  templates={kind === 'email' ? settings.email_templates : settings.sms_templates}
                  onManage={() => setDialog(kind)}
                />
              ))}
              <SettingsCard
                title="Automatic messages"
                description="Templates sent to the client when quoting completes, and as a follow-up."
                actionLabel="Edit automatic messages"
                onAction={() => setDialog('auto-send')}
              >
                <Row
                  label="When quoting completes"
                  value={eventSummary(settings.auto_send.complete, settings)}
                />
                <Row
                  label={`Follow-up after ${settings.auto_send.timeout.after_minutes} min`}
                  value={eventSummary(settings.auto_send.timeout, settings)}
                />
                <Row
                  label="Working hours only"
                  value={settings.auto_send.working_hours_only ? 'Yes' : 'No'}
                />
              </SettingsCard>
              <SettingsCard
                title="Short codes"
                description="Placeholders templates and banners may use."
                actionLabel="View short codes"
                onAction={() => setDialog('codes')}
              >
                <Text size="sm" c="dimmed">
                  {settings.short_codes.length} short codes
                </Text>
              </SettingsCard>
              <SettingsCard
                title="Customer quotes webhook"
                description="Where quotes for customers are posted (https only)."
                actionLabel="Edit webhook URL"
                onAction={() => setDialog('webhook')}
              >
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {settings.customer_quotes_webhook_url ?? 'No webhook set.'}
                </Text>
                {settings.customer_quotes_webhook_url ? (
                  <SecretRow
                    label="Signing secret"
                    isSet={settings.has_webhook_secret}
                    words={['Secret set', 'No secret']}
                  />
                ) : null}
              </SettingsCard>
              <SettingsCard
                title="API credentials"
                description="Keys for systems that call the API."
                actionLabel="Manage API credentials"
                onAction={credentialsOpen ? () => setDialog('credentials') : undefined}
              >
                {credentialsOpen ? (
                  <Text size="sm" c="dimmed">
                    Issue and revoke keys; each secret is shown once, when it is issued.
                  </Text>
                ) : (
                  <LockedAreaNote permission={API_CREDENTIALS_AREA} />
                )}
              </SettingsCard>
              <SettingsCard
                title="API management"
                description="API access, allowed origins and rate limit."
                actionLabel="Edit API management"
                onAction={() => setDialog('api')}
              >
                <Row label="API access" value={api.enabled ? 'Enabled' : 'Disabled'} />
                <Row label="Allowed origins" value={api.allowed_origins.length || 'None'} />
                <Row label="Rate limit" value={`${api.rate_limit_per_minute} / minute`} />
              </SettingsCard>
            </SimpleGrid>
            {settings.customer_quotes_webhook_url ? (
              <WebhookDeliveriesPanel companyId={companyId} hasSecret={settings.has_webhook_secret} />
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxPanel companyId={companyId} />
        </Tabs.Panel>
      </Tabs>
      <SmtpDialog opened={dialog === 'smtp'} value={smtp} companyId={companyId} onClose={close} />
      <SmsProviderDialog
        opened={dialog === 'sms-provider'}
        value={smsProvider}
        companyId={companyId}
        onClose={close}
      />
      <TemplatesDialog
        kind="email"
        opened={dialog === 'email'}
        templates={settings.email_templates}
        shortCodes={settings.short_codes}
        companyId={companyId}
        onClose={close}
      />
      <TemplatesDialog
        kind="sms"
        opened={dialog === 'sms'}
        templates={settings.sms_templates}
        shortCodes={settings.short_codes}
        companyId={companyId}
        onClose={close}
      />
      <AutoSendDialog
        opened={dialog === 'auto-send'}
        value={settings.auto_send}
        emailTemplates={settings.email_templates}
        smsTemplates={settings.sms_templates}
        companyId={companyId}
        onClose={close}
      />
      <ShortCodesDialog opened={dialog === 'codes'} shortCodes={settings.short_codes} onClose={close} />
      <WebhookUrlDialog
        opened={dialog === 'webhook'}
        value={settings.customer_quotes_webhook_url}
        companyId={companyId}
        onClose={close}
      />
      {dialog === 'credentials' ? (
        <ApiCredentialsDialog opened companyId={companyId} onClose={close} />
      ) : null}
      <ApiManagementDialog opened={dialog === 'api'} value={api} companyId={companyId} onClose={close} />
    </>
  );
}

/** The messaging console page. */
export function MessagingConsolePage() {
  return (
    <SettingsPageFrame
      title="Messaging console"
      subtitle="E-mail, SMS, webhook and API access of the agency."
    >
      {(settings, companyId) => <MessagingSections settings={settings} companyId={companyId} />}
    </SettingsPageFrame>
  );
}
