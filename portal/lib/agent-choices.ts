/**
 * The agents a person picks from (issue 12 Reporting's agent filter, issue 40's bulk upload for a
 * chosen agent): an admin's company's agents, or a super-admin's (of the picked company, else every
 * company's), from users/list (docs/api-accounts.md) with role agent. Not fetched for an agent, who
 * only acts as themself.
 */
import { useQuery } from '@tanstack/react-query';
import { documentedData } from './api-operations.ts';

/** `{value: agent record id, label: name}` options; disabled (no call) when `enabled` is false. */
export function useAgentChoices(enabled: boolean, companyId = '') {
  return useQuery({
    queryKey: ['agents', 'choices', companyId],
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
