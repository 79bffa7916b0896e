/**
 * The one connector interface every carrier quotes through (ARCHITECTURE §Carriers), and the
 * shapes the launch pipeline passes around. Money is dollars; times are ms.
 */
import type { Doc, RuleContext } from '../../engine/index.ts';

/** One carrier (or sub-carrier) an application is launched to. */
export interface LaunchTarget {
  /** carriers.json family `name`, e.g. "wright". */
  carrier: string;
  /** Sub-carrier `name` within the family, or null. */
  sub_carrier: string | null;
  /** What the agent sees: the sub-carrier's or family's displayName. */
  display_name: string;
  /** Connector id from carriers.json, e.g. "sandbox". */
  connector: string;
  /** Stated benefits (sub-carrier's, else family's). */
  benefits: string[];
}

export interface QuoteRequest {
  target: LaunchTarget;
  /** The application's company (whose stored carrier credentials a live connector uses); null when unknown. */
  company_id?: number | null;
  document: Doc;
  ctx: RuleContext;
}

/** A connector's answer. `premium` is the annual premium in dollars, null unless quoted. */
export interface QuoteAnswer {
  status: 'quoted' | 'declined' | 'error';
  premium: number | null;
  /** Coverages as quoted: building_limit, contents_limit, deductible, and any carrier extras (dollars). */
  coverages: Record<string, number | string>;
  benefits: string[];
  message: string | null;
  /** True for rates that are not bindable (every sandbox quote). */
  indicative: boolean;
  /** The carrier's own id of this quote (live connectors only). */
  carrier_reference?: string | null;
  /** https page of the carrier's portal where this quote is bound (live connectors only). */
  bind_url?: string | null;
}

/** A quoting integration. Must settle or honour `signal` (aborted at the carrier's timeout). */
export interface Connector {
  id: string;
  quote(request: QuoteRequest, signal: AbortSignal): Promise<QuoteAnswer>;
}
