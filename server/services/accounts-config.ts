/** Deployment settings of issue 4, read from the settings once at build time (docs/configuration.md). */
import type { Settings } from '../settings/settings.ts';

export interface AccountsConfig {
  /** Origin of the portal used in e-mailed links and the SAML callback (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** The support chat widget script (CHAT_WIDGET_URL), or null: then no widget. */
  chatWidgetUrl: string | null;
  /** SMTP server for the server's mails (SMTP_URL), or null. */
  smtpUrl: string | null;
  /**
   * Start the local SMTP sink when smtpUrl is null: by default outside production (MAIL_SINK
   * "off" disables it), in production only with MAIL_SINK "on", so mail is never swallowed there.
   */
  mailSink: boolean;
}

/** The config of `settings`; PUBLIC_BASE_URL defaults to http://localhost:$PORT. */
export function accountsConfigFromEnv(settings: Settings): AccountsConfig {
  return {
    publicBaseUrl: settings.PUBLIC_BASE_URL ?? `http://localhost:${settings.PORT}`,
    chatWidgetUrl: settings.CHAT_WIDGET_URL ?? null,
    smtpUrl: settings.SMTP_URL ?? null,
    mailSink: settings.NODE_ENV === 'production' ? settings.MAIL_SINK === 'on' : settings.MAIL_SINK !== 'off',
  };
}
