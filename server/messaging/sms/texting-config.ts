/**
 * Deployment settings of texting (issue 14), read from the environment once at build time
 * (docs/configuration.md Texting); tests override them through buildApp's `texting` option.
 */
import { currentSettings, type Settings } from '../../settings/settings.ts';

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

/** The config of `settings` (default: the process's). */
export function textingConfigFromEnv(settings: Settings = currentSettings()): TextingConfig {
  return {
    twilioBaseUrl: settings.TWILIO_API_BASE_URL,
    providerTimeoutMs: settings.SMS_PROVIDER_TIMEOUT_MS,
    sink: settings.NODE_ENV === 'production' ? settings.SMS_SINK === 'on' : settings.SMS_SINK !== 'off',
    sinkFile: settings.SMS_SINK_FILE ?? null,
    sinkAuthToken: settings.SMS_SINK_AUTH_TOKEN ?? null,
    eventsPollMs: 1000,
    eventsStreamMs: 5 * 60_000,
  };
}
