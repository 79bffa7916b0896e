/**
 * get-agent-applications-list (docs/api.md, SPEC §3 Listing state, §9 Listing): backend filters,
 * Laravel-style pagination object and status counts.
 */
import type { Executor } from '../db/database.ts';
import { type ApplicationFilters, listApplicationsPage } from '../repositories/applications-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { parseApplicationReference } from './application-reference.ts';
import { listingRowView } from './application-view.ts';

/** Rows per page when not asked. SPEC §9. */
export const DEFAULT_PER_PAGE = 25;
/** Largest page a caller may ask for. */
export const MAX_PER_PAGE = 100;
/** Where the listing is served: the base of next_page_url / prev_page_url. */
export const LISTING_PATH = '/api/agent-portal/get-agent-applications-list';

export interface ListingInput {
  page: number;
  perPage: number;
  agentId?: number;
  applicationSource?: string;
  filters: {
    address?: string | null;
    application_id?: string | number | null;
    agent_id?: number | string | null;
    client_name_id?: string | null;
    application_source?: string | null;
    carrier_quote_type?: string | null;
  };
}

function present<T>(value: T | null | undefined | ''): value is T {
  return value !== null && value !== undefined && value !== '';
}

/** The repository filters a listing request means. */
export function toFilters(input: ListingInput): ApplicationFilters {
  const f = input.filters;
  const filters: ApplicationFilters = {};
  if (present(f.address)) filters.address = f.address.trim();
  if (present(f.application_id)) {
    const id = parseApplicationReference(String(f.application_id));
    filters.ids = id === null ? [] : [id];
  }
  const agentId = present(f.agent_id) ? Number(f.agent_id) : input.agentId;
  if (agentId !== undefined && Number.isInteger(agentId)) filters.agentId = agentId;
  if (present(f.client_name_id)) filters.clientNameId = f.client_name_id;
  const source = present(f.application_source) ? f.application_source : input.applicationSource;
  if (present(source)) filters.applicationSource = source;
  if (present(f.carrier_quote_type)) filters.product = f.carrier_quote_type;
  return filters;
}

function pageUrl(page: number, perPage: number): string {
  return perPage === DEFAULT_PER_PAGE
    ? `${LISTING_PATH}?page=${page}`
    : `${LISTING_PATH}?page=${page}&per_page=${perPage}`;
}

/**
 * One page of the caller's applications, newest first: `{applications: {data, current_page,
 * per_page, next_page_url, path, prev_page_url, from, last_page, total}, status_counts}`.
 * An agent only ever sees their own (an agent_id filter cannot widen that). docs/api.md.
 */
export async function listAgentApplications(db: Executor, actor: Actor, input: ListingInput) {
  const scope = accessScope(actor);
  const filters = toFilters(input);
  const offset = (input.page - 1) * input.perPage;
  const { rows, statusCounts } = await listApplicationsPage(db, scope, filters, {
    limit: input.perPage,
    offset,
  });
  const total = statusCounts.new + statusCounts.launched + statusCounts.completed;
  const lastPage = Math.max(1, Math.ceil(total / input.perPage));
  return {
    applications: {
      data: rows.map(({ row, notes }) => listingRowView(row, notes)),
      current_page: input.page,
      per_page: input.perPage,
      next_page_url: input.page < lastPage ? pageUrl(input.page + 1, input.perPage) : null,
      path: LISTING_PATH,
      prev_page_url: input.page > 1 ? pageUrl(Math.min(input.page - 1, lastPage), input.perPage) : null,
      from: rows.length ? offset + 1 : null,
      last_page: lastPage,
      total,
    },
    status_counts: statusCounts,
  };
}
