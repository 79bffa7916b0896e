/**
 * Deployment settings of texting (issue 14), read from the environment once at build time
 * (docs/running.md Texting); tests override them through buildApp's `texting` option.
 */

export interface TextingConfig {
  /** Origin of Twilio's REST API (TWILIO_API_BASE_URL; tests point it at a local fake server). */
  twilioBaseUrl: string;
  /** Longest wait for the provider's answer to a send, in ms (SMS_PROVIDER_TIMEOUT_MS, default 10000). */
  providerTimeoutMs: number;
  /**
   * Send through the local sink when a company has no provider: by default outside production
   * (SMS_SINK "off" disables it), in production only with SMS_SINK "on", so texts are never swallowed.
   */
  sink: boolean;
  /** JSON-lines file the sink appends each message to (SMS_SINK_FILE), or null. */
  sinkFile: string | null;
  /**
   * The token inbound posts for a company without a provider are signed with (SMS_SINK_AUTH_TOKEN),
   * as Twilio signs with the account's auth token; null refuses them all.
   */
  sinkAuthToken: string | null;
  /** How often the events stream looks for new and changed messages, in ms (default 1000). */
  eventsPollMs: number;
  /** Longest life of one events stream, in ms (the browser reconnects; default 5 min). */
  eventsStreamMs: number;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The config of `env`. */
export function textingConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TextingConfig {
  return {
    twilioBaseUrl: nonEmpty(env.TWILIO_API_BASE_URL) ?? 'https://api.twilio.com',
    providerTimeoutMs: Number(env.SMS_PROVIDER_TIMEOUT_MS ?? 10_000) || 10_000,
    sink: env.NODE_ENV === 'production' ? env.SMS_SINK === 'on' : env.SMS_SINK !== 'off',
    sinkFile: nonEmpty(env.SMS_SINK_FILE),
    sinkAuthToken: nonEmpty(env.SMS_SINK_AUTH_TOKEN),
    eventsPollMs: 1000,
    eventsStreamMs: 5 * 60_000,
  };
}
