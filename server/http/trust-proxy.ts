/**
 * TRUST_PROXY (issue 38): the proxies whose X-Forwarded-For the server believes, as Fastify's
 * `trustProxy` takes them (comma-separated addresses or CIDR ranges, e.g. `10.0.0.5` or
 * `127.0.0.1,10.0.0.0/8`). Unset or empty: no proxy is trusted and the client address is the
 * connection's, so a forged header cannot give a client a fresh throttle counter.
 */
import { currentSettings, type Settings } from '../settings/settings.ts';

/** The TRUST_PROXY setting, or false when unset or blank. */
export function trustedProxies(settings: Pick<Settings, 'TRUST_PROXY'> = currentSettings()): string | false {
  const value = settings.TRUST_PROXY?.trim();
  return value ? value : false;
}
