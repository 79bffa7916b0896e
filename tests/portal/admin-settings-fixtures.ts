/** A full portal settings answer (docs/api-accounts.md) for the admin page tests; override per test. */
import type { PortalSettings } from '../../portal/features/admin/api/portal-settings-api.ts';

/** Settings with something in every section. */
export function settingsFixture(overrides: Partial<PortalSettings> = {}): PortalSettings {
  return {
    company_id: 1,
    global: {
      portal_name: 'Acme Portal',
      timezone: 'America/Chicago',
      quote_expiry_days: 30,
      support_email: 'help@acme.test',
      support_phone: null,
    },
    application_sources: [
      { id: 1, name: 'Website', is_active: true },
      { id: 2, name: 'Referral', is_active: false },
    ],
    banners: [
      {
        id: 7,
        message: 'Office closed Friday',
        color: 'yellow',
        starts_on: null,
        ends_on: null,
        is_active: true,
      },
    ],
    widgets: { enabled: ['quote-summary'] },
    available_widgets: ['quote-summary', 'recent-applications', 'eo-expiry'],
    quote_rush: { enabled: false, message: '' },
    eo_data: { carrier: 'Lloyds', policy_number: 'EO-123', expiry: '2027-01-31', limit: 1000000 },
    eo_expiry_days: 12,
    smtp: {
      host: 'smtp.acme.test',
      port: 587,
      username: 'mailer',
      from_email: 'no-reply@acme.test',
      from_name: 'Acme',
      secure: true,
      has_password: true,
    },
    email_templates: [{ id: 3, name: 'Quote ready', subject: 'Your quote', body: 'Hi {{first_name}}' }],
    sms_templates: [],
    sms_provider: null,
    short_codes: [
      { code: '{{first_name}}', description: 'First name' },
      { code: '{{quote_link}}', description: 'Link to the quotes' },
    ],
    customer_quotes_webhook_url: null,
    has_webhook_secret: false,
    api_management: { enabled: false, allowed_origins: [], rate_limit_per_minute: 60 },
    saml: null,
    sign_in_policy: { mfa_required: 'none', saml_required: false, idle_timeout_minutes: 30 },
    auto_send: {
      working_hours_only: true,
      complete: { email_template_id: 3, sms_template_id: null },
      timeout: { email_template_id: null, sms_template_id: null, after_minutes: 60 },
    },
    property_data: {
      cache_days: 30,
      available: {
        address: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          { provider: 'smarty', label: 'SmartyStreets', needs_key: true, key_id: true },
        ],
        characteristics: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          { provider: 'attom', label: 'ATTOM', needs_key: true, key_id: false },
        ],
        flood_zone: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          { provider: 'fema_nfhl', label: 'FEMA NFHL', needs_key: false, key_id: false },
        ],
        ground_elevation: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          { provider: 'usgs_epqs', label: 'USGS Elevation', needs_key: false, key_id: false },
        ],
        cbra: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          { provider: 'fws_cbrs', label: 'USFWS CBRS', needs_key: false, key_id: false },
        ],
        community_status: [
          { provider: 'sandbox', label: 'Sample data', needs_key: false, key_id: false },
          {
            provider: 'openfema_csb',
            label: 'OpenFEMA Community Status Book',
            needs_key: false,
            key_id: false,
          },
        ],
      },
      jobs: {
        address: { provider: 'sandbox', key_id: null, has_key: false },
        characteristics: { provider: 'attom', key_id: null, has_key: true },
        flood_zone: { provider: 'sandbox', key_id: null, has_key: false },
        ground_elevation: { provider: 'sandbox', key_id: null, has_key: false },
        cbra: { provider: 'sandbox', key_id: null, has_key: false },
        community_status: { provider: 'sandbox', key_id: null, has_key: false },
      },
    },
    ...overrides,
  };
}
