/** Deployment settings of issue 4, read from the environment once at build time (docs/running.md). */

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

function nonEmpty(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}

/** The config of `env`; PUBLIC_BASE_URL defaults to http://localhost:$PORT (3000). */
export function accountsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  return {
    publicBaseUrl: nonEmpty(env.PUBLIC_BASE_URL) ?? `http://localhost:${env.PORT ?? 3000}`,
    chatWidgetUrl: nonEmpty(env.CHAT_WIDGET_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailSink: env.NODE_ENV === 'production' ? env.MAIL_SINK === 'on' : env.MAIL_SINK !== 'off',
  };
}
