/**
 * Where the portal's icon set comes from (SPEC §9): the product's own endpoint
 * (`{api_base}/icons/{prefix}.json?icons=a,b`, server/routes/icon-set-route.ts) with a 500 ms timeout,
 * then the public icon service, which answers the same Iconify JSON. Icons asked for in the same
 * tick go in one request; each icon is asked for once per page load. An icon neither answers is
 * null (the caller draws an empty box). docs/decisions/372-icon-set-endpoint.md.
 */
import { apiUrl } from './api-base.ts';

/** The own endpoint's time to answer, in ms, before the public service is asked. */
export const ICON_SET_TIMEOUT_MS = 500;
/** The public icon service (the server's CSP names the same origin: server/services/icon-set.ts). */
export const PUBLIC_ICON_SERVICE = 'https://api.iconify.design';

/** One icon ready to draw: inner SVG markup and its viewBox size. */
export interface IconData {
  body: string;
  width: number;
  height: number;
}

interface IconifyAnswer {
  icons?: Record<string, { body?: unknown; width?: number; height?: number }>;
  aliases?: Record<string, { parent?: string }>;
  width?: number;
  height?: number;
}

/** GETs one URL as Iconify JSON; throws on a network failure, a timeout, a non-2xx or non-JSON answer. */
async function fetchIconJson(url: string, fetchFn: typeof fetch, timeoutMs: number): Promise<IconifyAnswer> {
  const response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const answer = (await response.json()) as IconifyAnswer;
  if (typeof answer?.icons !== 'object' || answer.icons === null)
    throw new Error(`${url} answered no icon set`);
  return answer;
}

const UNSAFE_MARKUP = /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i;

/** The icons of an answer by name, an alias drawn as its parent; sizes default to the set's (then 24). */
function iconsOf(answer: IconifyAnswer, names: readonly string[]): Map<string, IconData> {
  const icons = new Map<string, IconData>();
  for (const name of names) {
    const parent = answer.aliases?.[name]?.parent;
    const icon = answer.icons?.[name] ?? (parent ? answer.icons?.[parent] : undefined);
    // Markup that could run code is refused (the page's CSP blocks it too): no script, handler or javascript: URL.
    if (typeof icon?.body === 'string' && !UNSAFE_MARKUP.test(icon.body))
      icons.set(name, {
        body: icon.body,
        width: icon.width ?? answer.width ?? 24,
        height: icon.height ?? answer.height ?? 24,
      });
  }
  return icons;
}

/**
 * The icons `names` of set `prefix`: from the own endpoint when it answers within `timeoutMs`, else
 * from the public service (given a longer time); a name neither has is left out. Never throws.
 */
export async function fetchIcons(
  prefix: string,
  names: readonly string[],
  fetchFn: typeof fetch = fetch,
  timeoutMs: number = ICON_SET_TIMEOUT_MS,
): Promise<Map<string, IconData>> {
  const query = `${encodeURIComponent(prefix)}.json?icons=${names.map(encodeURIComponent).join(',')}`;
  try {
    return iconsOf(await fetchIconJson(apiUrl(`icons/${query}`), fetchFn, timeoutMs), names);
  } catch (ownError) {
    console.warn('Icon set endpoint failed; asking the public icon service.', ownError);
  }
  try {
    return iconsOf(await fetchIconJson(`${PUBLIC_ICON_SERVICE}/${query}`, fetchFn, timeoutMs * 10), names);
  } catch (publicError) {
    console.warn('Public icon service failed; the icons stay blank.', publicError);
    return new Map();
  }
}

const asked = new Map<string, Promise<IconData | null>>();
let batch: Map<string, { prefix: string; name: string; resolve: (icon: IconData | null) => void }> | null =
  null;

/** Sends the icons asked for in this tick, one request per set. */
function sendBatch(): void {
  const pending = batch ?? new Map();
  batch = null;
  const bySet = new Map<string, { name: string; resolve: (icon: IconData | null) => void }[]>();
  for (const entry of pending.values()) bySet.set(entry.prefix, [...(bySet.get(entry.prefix) ?? []), entry]);
  for (const [prefix, entries] of bySet) {
    void fetchIcons(
      prefix,
      entries.map((entry) => entry.name),
    ).then((icons) => {
      for (const entry of entries) entry.resolve(icons.get(entry.name) ?? null);
    });
  }
}

/** The icon `prefix:name` (e.g. `tabler:upload`), asked for once per page load; null when it cannot be had. */
export function loadIcon(icon: string): Promise<IconData | null> {
  const known = asked.get(icon);
  if (known) return known;
  const [prefix, name] = icon.split(':');
  const promise = new Promise<IconData | null>((resolve) => {
    if (!prefix || !name) return resolve(null);
    if (!batch) {
      batch = new Map();
      queueMicrotask(sendBatch);
    }
    batch.set(icon, { prefix, name, resolve });
  });
  asked.set(icon, promise);
  return promise;
}

/** Forgets every icon asked for (tests start each case from an empty page load). */
export function forgetIcons(): void {
  asked.clear();
}
