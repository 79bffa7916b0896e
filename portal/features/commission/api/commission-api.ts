/**
 * The commission calls (commission/*, issue 12, docs/api.md Commission): rates, statements, paid
 * marks and the CSV export. Dollars and percent; the server scopes every answer (ADR 177).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';
import { postDownload } from '../../../lib/post-download.ts';

/** One rate of a company: percent of premium, new business and renewal. */
export interface CommissionRate {
  carrier: string;
  sub_carrier: string;
  product: string;
  new_business_percent: number;
  renewal_percent: number;
  updated_at: string;
}

/** One statement line. */
export interface StatementLine {
  id: number;
  agent_id: number;
  company_id: number;
  application_id: number | null;
  reference: string;
  client_name: string;
  carrier: string;
  product: string;
  business: 'new' | 'renewal';
  policy_number: string;
  effective_date: string;
  premium: number;
  rate_percent: number | null;
  commission: number;
  paid: boolean;
  paid_at: string | null;
}

/** A statement request: effective dates and the narrowing filters. */
export interface StatementQuery {
  from: string;
  to: string;
  company_id: number | null;
  agent_id: number | null;
  paid: 'payable' | 'paid' | null;
}

/** A statement: its lines (at most 1,000; `truncated` beyond) and the totals of every line. */
export interface Statement {
  lines: StatementLine[];
  truncated: boolean;
  totals: {
    lines: number;
    premium: number;
    commission: number;
    paid: number;
    payable: number;
    without_rate: number;
  };
}

/** The statement of `query`. */
export function useStatement(query: StatementQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['commission', 'statement', query],
      queryFn: () => apiData<Statement>('commission/get-statement', { ...query }),
    }),
  );
}

/** The rates of a company (a super-admin's chosen one; `null` company for others: their own). */
export function useRates(companyId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['commission', 'rates', companyId],
    queryFn: () =>
      apiData<{ company_id: number; rates: CommissionRate[] }>(
        'commission/list-rates',
        companyId === null ? {} : { company_id: companyId },
      ),
    enabled,
  });
}

/** Writes one rate. */
export function saveRate(
  rate: Omit<CommissionRate, 'updated_at'> & { company_id: number | null },
): Promise<ApiEnvelope<unknown>> {
  const { company_id, ...rest } = rate;
  return apiCall('commission/set-rate', company_id === null ? rest : { ...rest, company_id });
}

/** Marks lines paid or payable; answers the ids changed. */
export function setPaid(ids: number[], paid: boolean): Promise<ApiEnvelope<{ changed: number[] }>> {
  return apiCall('commission/set-paid', { ids, paid });
}

/** Downloads the statement of `query` as CSV; resolves with the file name. */
export function exportStatementCsv(query: StatementQuery): Promise<string> {
  return postDownload('commission/export-csv', { ...query }, 'commission.csv');
}
