/** Application, note, quote and listing shapes of docs/api.md (SPEC §3), as the portal reads them. */
import type { AlertColor } from '../../../lib/constants.ts';

/** Application status. SPEC §3, §4. */
export type ApplicationStatus = 'new' | 'launched' | 'completed';

/** Note of SPEC §3 with its alert colour. */
export interface Note {
  id: number;
  application_id: number;
  payload: { is_alert: boolean; is_active: boolean; sent_by: string; status: string; message: string };
  color: AlertColor | null;
  created_at: string;
}

/** Quote status of docs/api.md. */
export type QuoteStatus = 'pending' | 'quoted' | 'declined' | 'error' | 'timeout';

/** Where a quote comes from: a connector, a managed-program quote manager, or staff. docs/api.md (issue 3). */
export type QuoteSource = 'automatic' | 'sov' | 'manual';

/** A manual quote's document, served from `/api/files/<id>`. docs/api.md (issue 3). */
export interface QuoteDocument {
  name: string;
  url: string;
}

/**
 * Where a quoted answer differs from what the application asked (docs/api.md, issue 17): a
 * `changed` value, a coverage asked but `not_included`, or one included but `not_asked`.
 */
export interface QuoteDifference {
  coverage: string;
  field: string;
  kind: 'changed' | 'not_included' | 'not_asked';
  asked: number | string | null;
  quoted: number | string | null;
}

/** One carrier's quote; premium in dollars per year, limits in dollars. */
export interface Quote {
  id: number;
  carrier: string;
  sub_carrier: string | null;
  display_name: string;
  status: QuoteStatus;
  premium: number | null;
  coverages: Record<string, unknown> & {
    building_limit?: number | null;
    contents_limit?: number | null;
    deductible?: number | null;
  };
  /** Absent in answers older than issue 17: read as none. */
  differences?: QuoteDifference[];
  benefits: string[];
  message: string | null;
  indicative: boolean;
  /** A live carrier's own id of the quote and its portal page that binds it (issue 19); absent or null otherwise. */
  carrier_reference?: string | null;
  bind_url?: string | null;
  requested_at: string;
  answered_at: string | null;
  /**
   * When the premium stops being offered (the company's quote expiry days after the answer) and
   * whether that has passed; absent in older answers (read as not expiring). docs/decisions/400.
   */
  expires_at?: string | null;
  expired?: boolean;
  /** Absent in answers older than issue 3: read as "automatic". */
  source?: QuoteSource;
  document?: QuoteDocument | null;
  /** The policy the agency marked as bound from this quote (issue 12, commission); absent or null otherwise. */
  bound?: BoundPolicy | null;
}

/** A bound mark of a quote: the policy the carrier issued, premium in dollars. */
export interface BoundPolicy {
  id: number;
  policy_number: string;
  effective_date: string;
  premium: number;
  business: 'new' | 'renewal';
  paid: boolean;
}

/** Application answer of get-application-by-id, create, launch and reset. docs/api.md. */
export interface Application {
  id: number;
  application_id: string;
  status: ApplicationStatus;
  application_type: string;
  carrier_quote_type: string[];
  is_cross_sale: boolean;
  min_quote_amount: number | null;
  payload: { useable_details: Record<string, unknown> };
  notes: Note[];
  quotes: Quote[];
  isItWorkingHour?: boolean;
  application_relaunch_count: number;
  application_source: string | null;
  client_name_id: string | null;
  /** Adds 1 on every write; sent back with update-application (docs/decisions/100). Absent from older servers. */
  version?: number;
  /** The schema set version the document is validated against (get-schema-set). */
  schema_version?: number;
  created_at: string;
  updated_at: string;
  launched_at: string | null;
}

/** One row of the listing. docs/api.md. */
export interface ApplicationRow {
  id: number;
  application_id: string;
  status: ApplicationStatus;
  carrier_quote_type: string[];
  application_type: string;
  searched_address: string | null;
  client_name: string | null;
  min_quote_amount: number | null;
  application_source: string | null;
  client_name_id: string | null;
  alert_color: AlertColor | null;
  created_at: string;
  updated_at: string;
}

/** Pagination object of the listing. SPEC §3 Listing state. */
export interface Pagination {
  current_page: number;
  per_page: number;
  next_page_url: string | null;
  path: string;
  prev_page_url: string | null;
  from: number | null;
  last_page: number;
  total: number;
}

/** `data` of get-agent-applications-list. */
export interface ApplicationsListData {
  applications: Pagination & { data: ApplicationRow[] };
  status_counts: { new: number; launched: number; completed: number };
}
