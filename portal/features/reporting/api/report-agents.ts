/**
 * The agents of the reporting page's agent filter (issue 12 Reporting): an admin's company's
 * agents, or a super-admin's (of the picked company, else every company's), from users/list
 * (docs/api-accounts.md) with role agent. Not fetched for an agent, who only sees their own.
 */
import { useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';

/** `{value: agent record id, label: name}` options; disabled (no call) when `enabled` is false. */
export function useReportAgents(enabled: boolean, companyId: string) {
  return useQuery({
    queryKey: ['reporting', 'agents', companyId],
    queryFn: async () => {
      const data = await documentedData('users/list', {
        role: 'agent',
        ...(companyId ? { company_id: Number(companyId) } : {}),
      });
      return data.users.flatMap((u) => (u.agent ? [{ value: String(u.agent.id), label: u.name }] : []));
    },
    enabled,
  });
}
