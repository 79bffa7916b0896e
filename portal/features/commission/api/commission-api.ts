/**
 * The commission calls (commission/*, issue 12, docs/api.md Commission): rates, statements, paid
 * marks and the CSV export. Dollars and percent; the server scopes every answer (ADR 177).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { postDownload } from '../../../lib/post-download.ts';

/** One rate of a company: percent of premium, new business and renewal. */
export type CommissionRate = ApiAnswer<'commission/list-rates'>['rates'][number];

/** A statement: its lines (at most 1,000; `truncated` beyond) and the totals of every line; dollars. */
export type Statement = ApiAnswer<'commission/get-statement'>;

/** One statement line. */
export type StatementLine = Statement['lines'][number];

/** A statement request: effective dates and the narrowing filters. */
export interface StatementQuery {
  from: string;
  to: string;
  company_id: number | null;
  agent_id: number | null;
  paid: 'payable' | 'paid' | null;
}

/** The statement of `query`. */
export function useStatement(query: StatementQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['commission', 'statement', query],
      queryFn: () => documentedData('commission/get-statement', { ...query }),
    }),
  );
}

/** The rates of a company (a super-admin's chosen one; `null` company for others: their own). */
export function useRates(companyId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['commission', 'rates', companyId],
    queryFn: () =>
      documentedData('commission/list-rates', companyId === null ? {} : { company_id: companyId }),
    enabled,
  });
}

/** Writes one rate. */
export function saveRate(
  rate: Omit<CommissionRate, 'updated_at'> & { company_id: number | null },
): Promise<ApiEnvelope<ApiAnswer<'commission/set-rate'>>> {
  const { company_id, ...rest } = rate;
  return documentedCall('commission/set-rate', company_id === null ? rest : { ...rest, company_id });
}

/** Marks lines paid or payable; answers the ids changed. */
export function setPaid(
  ids: number[],
  paid: boolean,
): Promise<ApiEnvelope<ApiAnswer<'commission/set-paid'>>> {
  return documentedCall('commission/set-paid', { ids, paid });
}

/** Downloads the statement of `query` as CSV; resolves with the file name. */
export function exportStatementCsv(query: StatementQuery): Promise<string> {
  return postDownload('commission/export-csv', { ...query }, 'commission.csv');
}
