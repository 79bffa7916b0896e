/** TanStack Query key of one application: what its read, live quotes and edits share. */
export const applicationQueryKey = (applicationId: number) =>
  ['applications', 'detail', applicationId] as const;
