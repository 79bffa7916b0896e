/** Issue 4 settings from the environment (docs/api-accounts.md Configuration). */
import { describe, expect, it } from 'vitest';
import { accountsConfigFromEnv as configOf } from '../../../server/services/accounts-config.ts';
import { type Environment, readSettings } from '../../../server/settings/settings.ts';

const accountsConfigFromEnv = (env: Environment) => configOf(readSettings(env));

describe('accountsConfigFromEnv', () => {
  it('starts the sink outside production unless MAIL_SINK is off, and in production only when on', () => {
    expect(accountsConfigFromEnv({ NODE_ENV: 'development' }).mailSink).toBe(true);
    expect(accountsConfigFromEnv({ NODE_ENV: 'test', MAIL_SINK: 'off' }).mailSink).toBe(false);
    expect(accountsConfigFromEnv({ NODE_ENV: 'production' }).mailSink).toBe(false);
    expect(accountsConfigFromEnv({ NODE_ENV: 'production', MAIL_SINK: 'on' }).mailSink).toBe(true);
  });

  it('treats empty values as unset and defaults the public base URL to the port', () => {
    const config = accountsConfigFromEnv({
      PORT: '4000',
      CHAT_WIDGET_URL: ' ',
      SMTP_URL: '',
    });
    expect(config).toEqual({
      publicBaseUrl: 'http://localhost:4000',
      chatWidgetUrl: null,
      smtpUrl: null,
      mailSink: true,
    });
  });
});
