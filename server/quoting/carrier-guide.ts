/**
 * The underwriting guide of a carriers.json entry (issue 19: every `guideDocument` path resolves),
 * read from the file's own appetite data: per program (the family itself, or each sub-carrier)
 * the products, states, how it quotes, benefits, the limits its eligibility rules set, every
 * decline rule in words, and the coverages added to every quote. Pure: the PDF is drawn by
 * server/quote-documents/carrier-guide-pdf.ts. Money is dollars. SPEC §1 carrier families.
 */
import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import type {
  CarrierEntry,
  CarriersFile,
  CoverageExtra,
  EligibilityRule,
} from '../../carrier-catalog/carriers-file-types.ts';

/** A bound one eligibility rule sets on a document field: declined above a maximum or below a minimum. */
export interface GuideLimit {
  /** The product (`ctx.product`) the rule is limited to, or null for every product. */
  product: string | null;
  /** Document field, e.g. "building_limit". */
  field: string;
  kind: 'maximum' | 'minimum';
  value: number;
}

/** One program of a guide: the family, or one of its sub-carriers. */
export interface GuideProgram {
  display_name: string;
  quote_types: string[];
  states: string[];
  /** How the program quotes, in words. */
  quoting: string;
  benefits: string[];
  limits: GuideLimit[];
  /** Every decline rule of the program: its id and the message the agent sees. */
  declines: { id: string; message: string }[];
  /** The coverages added to every quote, in words ("Loss of use: 20% of the building limit"). */
  included_coverages: string[];
}

/** The guide of one carriers.json entry. */
export interface CarrierGuide {
  name: string;
  display_name: string;
  market_name: string;
  also_known_as: string[];
  url: string;
  programs: GuideProgram[];
}

type Logic = Record<string, unknown>;

function isObject(value: unknown): value is Logic {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `{"var": "<prefix>.<name>"}` -> name, else null. */
function varName(node: unknown, prefix: string): string | null {
  if (!isObject(node) || typeof node.var !== 'string' || !node.var.startsWith(`${prefix}.`)) return null;
  return node.var.slice(prefix.length + 1);
}

/** The bound of `{">" | "<": [{"var": "doc.<field>"}, <number>]}`, else null. */
function boundOf(node: unknown): Omit<GuideLimit, 'product'> | null {
  if (!isObject(node)) return null;
  for (const [operator, kind] of [
    ['>', 'maximum'],
    ['<', 'minimum'],
  ] as const) {
    const args = node[operator];
    if (!Array.isArray(args) || args.length !== 2) continue;
    const field = varName(args[0], 'doc');
    if (field !== null && typeof args[1] === 'number') return { field, kind, value: args[1] };
  }
  return null;
}

/** The product of `{"==": [{"var": "ctx.product"}, "<product>"]}`, else null. */
function productOf(node: unknown): string | null {
  if (!isObject(node)) return null;
  const args = node['=='];
  if (!Array.isArray(args) || varName(args[0], 'ctx') !== 'product' || typeof args[1] !== 'string')
    return null;
  return args[1];
}

/**
 * The limit an eligibility rule sets, when its `when` is a bound on one document field
 * (`{">": [{"var": "doc.building_limit"}, 250000]}`), alone or joined by `and` with one product
 * test; null for any other rule (a zone or construction rule reads as its decline message).
 */
export function ruleLimit(rule: EligibilityRule): GuideLimit | null {
  const direct = boundOf(rule.when);
  if (direct) return { product: null, ...direct };
  if (!isObject(rule.when) || !Array.isArray(rule.when.and) || rule.when.and.length !== 2) return null;
  const [first, second] = rule.when.and as unknown[];
  const product = productOf(first) ?? productOf(second);
  const bound = boundOf(second) ?? boundOf(first);
  return product !== null && bound ? { product, ...bound } : null;
}

/** "Loss of use: 20% of the building limit" for one coverage extra (SPEC §1 coverage extras). */
export function includedCoverageText(extra: CoverageExtra): string {
  const words = (name: string) => name.replace(/_/g, ' ');
  const label = words(extra.coverage);
  const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;
  const amount =
    extra.amount !== undefined
      ? dollars(extra.amount)
      : extra.percent !== undefined
        ? `${extra.percent}% of the ${words(extra.of ?? 'building_limit')}`
        : (extra.value ?? '');
  const more = extra.purchasable
    ? `; more can be bought in steps of ${dollars(extra.purchasable.step)}, up to ${extra.purchasable.max_percent}% of the ${words(extra.purchasable.of)} and at most ${dollars(extra.purchasable.max_amount)}`
    : '';
  return `${label[0]?.toUpperCase()}${label.slice(1)}: ${amount}${more}`;
}

/** How a program with `connector` (and an optional live connection label) quotes, in words. */
function quotingText(connector: string, liveLabel: string | null): string {
  if (connector === 'sov')
    return 'Managed program: the agent sends the statement of values (SOV) for a quote.';
  if (connector === 'manual') return 'Quoted by staff: the agency enters the carrier quote by hand.';
  const live = liveLabel ? ` Agencies that connect ${liveLabel} get bindable rates from the carrier.` : '';
  return `Automatic: indicative sandbox rates on launch.${live}`;
}

/** The guide of `entry` from `file` (for the connection labels). SPEC §1, issue 19. */
export function carrierGuide(entry: CarrierEntry, file: CarriersFile): CarrierGuide {
  const subs = entry.subCarriers.length > 0 ? entry.subCarriers : [null];
  return {
    name: entry.name,
    display_name: entry.displayName,
    market_name: entry.marketBreakdownDisplayName,
    also_known_as: entry.nameVariations,
    url: entry.url,
    programs: subs.map((sub) => {
      const resolved = resolveCarrier(entry, sub);
      const { settings } = resolved;
      const live = settings.live_connection ? file.connections?.[settings.live_connection] : undefined;
      return {
        display_name: resolved.displayName,
        quote_types: settings.quote_types,
        states: settings.states,
        quoting: quotingText(settings.connector, live?.label ?? null),
        benefits: resolved.benefits,
        limits: settings.eligibility.map(ruleLimit).filter((limit) => limit !== null),
        declines: settings.eligibility.map((rule) => ({ id: rule.id, message: rule.decline_message })),
        included_coverages: (settings.coverage_extras ?? []).map(includedCoverageText),
      };
    }),
  };
}
