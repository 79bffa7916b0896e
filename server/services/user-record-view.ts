/** A user as user management answers it (docs/api-accounts.md UserRecord); no password hash. */
import type { UserRecordRow } from '../repositories/users-repository.ts';

/** UserRecord of docs/api-accounts.md. */
export function userRecordView(row: UserRecordRow) {
  const { user } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    company: row.company,
    agent: row.agent,
    assigned_agent_id: user.assigned_agent_id,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}
