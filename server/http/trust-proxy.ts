/**
 * TRUST_PROXY (issue 38): the proxies whose X-Forwarded-For the server believes, as Fastify's
 * `trustProxy` takes them (comma-separated addresses or CIDR ranges, e.g. `10.0.0.5` or
 * `127.0.0.1,10.0.0.0/8`). Unset or empty: no proxy is trusted and the client address is the
 * connection's, so a forged header cannot give a client a fresh throttle counter.
 */

/** The TRUST_PROXY setting of `env`, or false when unset or blank. */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): string | false {
  const value = env.TRUST_PROXY?.trim();
  return value ? value : false;
}
