/**
 * Which applications a caller may see (issue 2 §4 Access): an agent their own, an admin their
 * company's, a super-admin all, a customer none.
 */
export type AccessScope =
  | { kind: 'all' }
  | { kind: 'company'; companyId: number }
  | { kind: 'agent'; agentId: number }
  | { kind: 'none' };
