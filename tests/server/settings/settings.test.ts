/** The one configuration module (issue 39): server/settings/settings.ts and its declarations. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../../server/services/plans.ts';
import { SETTINGS, type SettingDeclaration } from '../../../server/settings/setting-declarations.ts';
import { checkSettings, readSettings, SettingError } from '../../../server/settings/settings.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_DIR = join(REPO_ROOT, 'server');
const SETTINGS_DIR = join(SERVER_DIR, 'settings');

/** Every source file under server/, with its text. */
function serverSources(): { path: string; text: string }[] {
  return readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|mjs)$/.test(path))
    .map((path) => ({ path: join(SERVER_DIR, path), text: readFileSync(join(SERVER_DIR, path), 'utf8') }));
}

/** The SettingError `run` throws. */
function settingErrorOf(run: () => unknown): SettingError {
  try {
    run();
  } catch (error) {
    if (error instanceof SettingError) return error;
    throw error;
  }
  throw new Error('no SettingError');
}

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.com' };

describe('the settings module', () => {
  it('is the only reader of process.env in server code', () => {
    const readers = serverSources()
      .filter(({ path, text }) => !path.startsWith(SETTINGS_DIR) && /process\.env\b/.test(text))
      .map(({ path }) => relative(REPO_ROOT, path));
    expect(readers).toEqual([]);
  });

  it('declares only settings the server reads: each name appears in server code outside the declarations', () => {
    const code = serverSources()
      .filter(({ path }) => !path.startsWith(SETTINGS_DIR))
      .map(({ text }) => text)
      .join('\n');
    const prices = PLAN_IDS.map((id) => `STRIPE_PRICE_${id.toUpperCase()}`);
    const unread = Object.keys(SETTINGS).filter(
      (name) => !prices.includes(name) && !new RegExp(`\\b${name}\\b`).test(code),
    );
    expect(unread).toEqual([]);
    // The Stripe price of each plan is declared, and nothing else by that prefix.
    expect(Object.keys(SETTINGS).filter((name) => name.startsWith('STRIPE_PRICE_'))).toEqual(prices);
  });
});

describe('readSettings', () => {
  it('applies the defaults, coerces integers, drops blank values and ignores undeclared variables', () => {
    const settings = readSettings({ PORT: ' 4000 ', DATA_DIR: '  ', SMTP_URL: '', OTHER: 'x' });
    expect(settings).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4000,
      LOG_LEVEL: 'info',
      SERVER_PROCESSES: 1,
    });
    expect(settings).not.toHaveProperty('DATA_DIR');
    expect(settings).not.toHaveProperty('SMTP_URL');
    expect(settings).not.toHaveProperty('OTHER');
    const defaults = readSettings({});
    for (const [name, declaration] of Object.entries(SETTINGS as Record<string, SettingDeclaration>))
      expect((defaults as Record<string, unknown>)[name]).toBe(declaration.default);
  });

  it('refuses a wrong value with one line naming the setting and its value, a secret without it', () => {
    expect(settingErrorOf(() => readSettings({ PORT: 'abc' })).message).toBe(
      'PORT=abc is not valid: expected a whole number from 1 to 65535.',
    );
    expect(settingErrorOf(() => readSettings({ NODE_ENV: 'prod' })).message).toBe(
      'NODE_ENV=prod is not valid: expected one of development, test, production.',
    );
    expect(settingErrorOf(() => readSettings({ PUBLIC_BASE_URL: 'portal.example.com' })).message).toBe(
      'PUBLIC_BASE_URL=portal.example.com is not valid: expected an http:// or https:// URL.',
    );
    const secret = settingErrorOf(() => readSettings({ STRIPE_SECRET_KEY: 'pk_live_published' }));
    expect([secret.setting, secret.message]).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_SECRET_KEY (value hidden) is not valid: expected a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key).',
    ]);
    expect(secret.message).not.toContain('pk_live_published');
    for (const [name, value] of [
      ['STRIPE_WEBHOOK_SECRET', 'secret'],
      ['STRIPE_PRICE_PRO', 'prod_123'],
      ['STRIPE_API_BASE_URL', 'api.stripe.com'],
      ['STRIPE_TIMEOUT_MS', 'soon'],
      ['DATABASE_URL', 'mysql://db'],
      ['LOG_LEVEL', 'verbose'],
    ])
      expect(settingErrorOf(() => readSettings({ [name]: value })).setting).toBe(name);
  });

  it('takes every integer setting within its bounds and refuses it outside them', () => {
    const integers = Object.entries(SETTINGS as Record<string, SettingDeclaration>).filter(
      ([, declaration]) => declaration.type === 'integer',
    );
    for (const [name, { minimum = 0, maximum = 0 }] of integers) {
      fc.assert(
        fc.property(fc.integer({ min: minimum, max: maximum }), (value) => {
          expect((readSettings({ [name]: String(value) }) as Record<string, unknown>)[name]).toBe(value);
        }),
        { numRuns: 50 },
      );
      fc.assert(
        fc.property(fc.oneof(fc.integer({ max: minimum - 1 }), fc.integer({ min: maximum + 1 })), (value) => {
          expect(settingErrorOf(() => readSettings({ [name]: String(value) })).setting).toBe(name);
        }),
        { numRuns: 50 },
      );
      expect(settingErrorOf(() => readSettings({ [name]: `${minimum}.5` })).setting).toBe(name);
    }
  });
});

describe('checkSettings', () => {
  it('needs PUBLIC_BASE_URL in production only', () => {
    expect(readSettings({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
    expect(checkSettings({ NODE_ENV: 'development' }).PUBLIC_BASE_URL).toBeUndefined();
    const missing = settingErrorOf(() => checkSettings({ NODE_ENV: 'production' }));
    expect(missing.setting).toBe('PUBLIC_BASE_URL');
    expect(missing.message).toMatch(/^PUBLIC_BASE_URL is required when NODE_ENV=production: /);
    expect(checkSettings(PRODUCTION).PUBLIC_BASE_URL).toBe('https://portal.example.com');
  });

  it('refuses one Stripe secret without the other', () => {
    const keyOnly = settingErrorOf(() => checkSettings({ STRIPE_SECRET_KEY: 'sk_test_abc' }));
    expect(keyOnly.message).toBe('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set.');
    const secretOnly = settingErrorOf(() => checkSettings({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }));
    expect(secretOnly.message).toBe('STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set.');
    const both = checkSettings({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect([both.STRIPE_SECRET_KEY, both.STRIPE_WEBHOOK_SECRET]).toEqual(['sk_live_abc', 'whsec_abc']);
  });
});
