/**
 * The WebAuthn relying party of the passkey calls (issue 38, docs/decisions/754-passkeys-as-a-second-factor.md):
 * its id (the domain a passkey is bound to) and the origin the browser must report. From
 * WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when set; otherwise from the request the ceremony runs
 * under: the origin from its protocol and Host (a proxy's X-Forwarded-Proto and -Host only when
 * TRUST_PROXY names it), the id the host name of the origin, `localhost` without a Host.
 */
import { currentSettings, type Settings } from '../settings/settings.ts';
import { TOTP_ISSUER } from './totp.ts';

/** What the browser shows as the site a passkey is for: the portal's name, as the app's issuer. */
export const RP_NAME = TOTP_ISSUER;

/** The configured parts; null: derived from the request. */
export interface RelyingPartyConfig {
  rpId: string | null;
  origin: string | null;
}

/** The relying party one ceremony checks against. */
export interface RelyingParty {
  /** A domain (`portal.example.com`, `localhost`), never an IP address: browsers refuse those. */
  rpID: string;
  /** Scheme, host and port without a path (`https://portal.example.com`). */
  origin: string;
}

/** The part of a request the defaults come from (Fastify's: `host` keeps the port). */
export interface RequestSite {
  protocol: string;
  host: string | undefined;
}

/** The configuration of `settings` (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN); unset ones are null. */
export function relyingPartyConfigFromEnv(
  settings: Pick<Settings, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGIN'> = currentSettings(),
): RelyingPartyConfig {
  return { rpId: settings.WEBAUTHN_RP_ID ?? null, origin: settings.WEBAUTHN_ORIGIN ?? null };
}

/**
 * The relying party of a request under `config`: the configured origin (as its URL origin, so a
 * trailing slash or default port does not matter) or the request's own; the configured id or the
 * origin's host name. Throws nothing: a Host that is not a URL host falls back to localhost.
 */
export function relyingPartyOf(config: RelyingPartyConfig, request: RequestSite): RelyingParty {
  const origin = config.origin ? new URL(config.origin).origin : requestOrigin(request);
  return { rpID: config.rpId ?? new URL(origin).hostname, origin };
}

/** `protocol://host` of the request, normalised by URL (`http://localhost:80` is `http://localhost`). */
function requestOrigin({ protocol, host }: RequestSite): string {
  const scheme = protocol === 'https' ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${host || 'localhost'}`).origin;
  } catch {
    return `${scheme}://localhost`;
  }
}
