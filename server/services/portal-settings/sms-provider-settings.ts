/**
 * A company's SMS provider for texts to clients (issue 14): read with its auth token for the
 * texting channel, written with the token write-only (omitted keeps it) and the sending number
 * in E.164.
 */
import type { CompanyRow } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { toE164 } from '../../messaging/sms/phone-number.ts';
import {
  type SettingsChange,
  type SmsProviderSettings,
  type StoredSettings,
  storedSettings,
} from './stored-settings.ts';

export const SMS_FROM_NUMBER_MESSAGE = 'Enter the sending number with its country code, e.g. +13055550100.';
export const SMS_AUTH_TOKEN_MESSAGE = 'Enter the auth token.';

/** The company's SMS provider (with its auth token) for the texting channel, or null: then the sink. */
export function companySmsProvider(company: CompanyRow | null): SmsProviderSettings | null {
  return company ? (storedSettings(company).sms_provider ?? null) : null;
}

/**
 * SMS provider update (issue 14): `auth_token` omitted keeps the stored one; null settings remove
 * the provider (texts then go to the local sink). 422 when the sending number is not a valid phone
 * number or no auth token is stored or given.
 */
export function smsProviderChange(
  current: StoredSettings,
  provider: { account_sid: string; from_number: string; auth_token?: string } | null,
): SettingsChange {
  if (provider === null) return { settings: { ...current, sms_provider: null } };
  const fromNumber = toE164(provider.from_number);
  if (!fromNumber) throw new ApiError(422, SMS_FROM_NUMBER_MESSAGE, { from_number: SMS_FROM_NUMBER_MESSAGE });
  const authToken = provider.auth_token ?? current.sms_provider?.auth_token;
  if (!authToken) throw new ApiError(422, SMS_AUTH_TOKEN_MESSAGE, { auth_token: SMS_AUTH_TOKEN_MESSAGE });
  return {
    settings: {
      ...current,
      sms_provider: { account_sid: provider.account_sid, auth_token: authToken, from_number: fromNumber },
    },
  };
}
