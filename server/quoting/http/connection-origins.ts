/**
 * CARRIER_CONNECTION_ORIGINS (issue 19): a deployment points a carriers.json connection at another
 * host of the same API, such as the carrier's test (UAT) environment, or a local fake carrier in
 * the e2e journeys, without editing carriers.json. The value is comma-separated
 * `<connection id>=<origin>` pairs; each named connection's endpoint and OAuth2 token URL keep
 * their paths on the new origin. docs/adding-a-carrier.md §4.
 */
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import { currentCarriers } from '../current-carriers.ts';

/** Hosts an origin may use plain http on (a carrier simulator on the same machine). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins of `value` (CARRIER_CONNECTION_ORIGINS) by connection id; {} when empty. Throws
 * `Error('CARRIER_CONNECTION_ORIGINS: ...')` for a pair without `=`, a connection `file` does not
 * have, or an origin that is not https (http only on a loopback host) or has a path.
 */
export function parseConnectionOrigins(
  value: string | undefined,
  file: CarriersFile,
): Record<string, string> {
  const origins: Record<string, string> = {};
  for (const pair of (value ?? '').split(',').map((part) => part.trim())) {
    if (pair === '') continue;
    const [id, origin] = pair.split(/=(.*)/s, 2).map((part) => part?.trim() ?? '');
    const problem = (text: string) => new Error(`CARRIER_CONNECTION_ORIGINS: ${text}`);
    if (!id || !origin) throw problem(`"${pair}" is not <connection id>=<origin>.`);
    if (!file.connections?.[id]) throw problem(`carriers.json has no connection ${id}.`);
    const url = URL.canParse(origin) ? new URL(origin) : null;
    const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.has(url.hostname));
    if (!url || !secure || url.origin !== origin.replace(/\/$/, '')) {
      throw problem(`${origin} is not an https origin (http only on localhost), without a path.`);
    }
    origins[id] = url.origin;
  }
  return origins;
}

/** `file` with each connection of `origins` moved to its origin (endpoint and token URL paths kept). */
export function fileWithConnectionOrigins(file: CarriersFile, origins: Record<string, string>): CarriersFile {
  const connections = Object.fromEntries(
    Object.entries(file.connections ?? {}).map(([id, connection]) => {
      const origin = origins[id];
      if (!origin) return [id, connection];
      const move = (address: string) => {
        const url = new URL(address);
        return `${origin}${url.pathname}${url.search}`;
      };
      return [
        id,
        {
          ...connection,
          endpoint: move(connection.endpoint),
          auth:
            connection.auth.kind === 'oauth2_client_credentials'
              ? { ...connection.auth, token_url: move(connection.auth.token_url) }
              : connection.auth,
        },
      ];
    }),
  );
  return { ...file, connections };
}

/**
 * The catalogue the live connectors and the connection calls read: the catalogue in use
 * (current-carriers.ts) with `origins` applied, made again only when another version comes into
 * use, so one version gives one object.
 */
export function connectionsFileOf(origins: Record<string, string>): () => CarriersFile {
  let made: { from: CarriersFile; file: CarriersFile } | null = null;
  return () => {
    const from = currentCarriers();
    if (made?.from !== from) made = { from, file: fileWithConnectionOrigins(from, origins) };
    return made.file;
  };
}
