/**
 * The icon set the portal draws its icons from (SPEC §9: "served by the product's own endpoint"),
 * answered in the Iconify JSON format so that the public icon service the portal falls back to
 * answers the same shape: `{prefix, icons: {name: {body, width?, height?}}, width, height,
 * not_found?}` (units: the icon's own viewBox units). Only the Tabler set the portal uses is served
 * (the @iconify-json/tabler package, read once on first use). docs/decisions/372-icon-set-endpoint.md.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** One icon: its SVG body (inner markup) and its size when it differs from the set's. */
export interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}

/** An icon set, or the part of one a request asked for. */
export interface IconifyJson {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
  not_found?: string[];
}

/** The sets served, by prefix: the package holding each one's icons.json. */
const SETS: Readonly<Record<string, string>> = { tabler: '@iconify-json/tabler/icons.json' };

const loaded = new Map<string, Promise<IconifyJson>>();

/** The whole set of `prefix`, or null for a set not served. Read from disk once per process. */
export function iconSet(prefix: string): Promise<IconifyJson> | null {
  const file = Object.hasOwn(SETS, prefix) ? SETS[prefix] : undefined;
  if (!file) return null;
  let set = loaded.get(prefix);
  if (!set) {
    set = readFile(createRequire(import.meta.url).resolve(file), 'utf8').then(
      (text) => JSON.parse(text) as IconifyJson,
    );
    loaded.set(prefix, set);
  }
  return set;
}

/**
 * The icons `names` of `set`, an alias answered as the icon it names; names the set lacks are
 * listed in `not_found` (absent when every name was found). Order of `names` does not matter.
 */
export function pickIcons(set: IconifyJson, names: readonly string[]): IconifyJson {
  const icons: Record<string, IconifyIcon> = {};
  const notFound: string[] = [];
  for (const name of new Set(names)) {
    const own = Object.hasOwn(set.icons, name) ? set.icons[name] : undefined;
    const parent = set.aliases && Object.hasOwn(set.aliases, name) ? set.aliases[name].parent : undefined;
    const icon = own ?? (parent && Object.hasOwn(set.icons, parent) ? set.icons[parent] : undefined);
    if (icon) icons[name] = icon;
    else notFound.push(name);
  }
  return {
    prefix: set.prefix,
    icons,
    width: set.width,
    height: set.height,
    ...(notFound.length > 0 ? { not_found: notFound } : {}),
  };
}

/**
 * The public icon service the portal falls back to when this endpoint does not answer within
 * 500 ms (portal/lib/icon-set.ts names the same origin); the CSP lets the portal reach it.
 */
export const PUBLIC_ICON_SERVICE = 'https://api.iconify.design';
