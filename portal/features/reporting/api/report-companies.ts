/**
 * The companies of the super-admin's company picker on the reporting pages (issue 12, ADR 175):
 * id and name from companies/list (docs/api-accounts.md), fetched only for a super-admin.
 */
import { useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';

/** `{value: id, label: name}` options of every company; disabled (no call) when `enabled` is false. */
export function useReportCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['reporting', 'companies'],
    queryFn: async () => {
      const data = await documentedData('companies/list', {});
      return data.companies.map((c) => ({ value: String(c.id), label: c.name }));
    },
    enabled,
  });
}
