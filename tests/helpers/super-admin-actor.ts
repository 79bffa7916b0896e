/**
 * The super-admin `Actor` of tests and benches that call services directly, below the HTTP layer:
 * every company in scope, no agent or session behind it (server/services/actor.ts; SPEC §3 roles).
 */
import type { Actor } from '../../server/services/actor.ts';

export const SUPER_ADMIN: Actor = {
  userId: 0,
  role: 'super-admin',
  companyId: null,
  agentId: null,
  licensedStates: [],
  sessionKeyHash: '',
};
