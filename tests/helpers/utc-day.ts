/**
 * `utcDay(offset)`: the UTC calendar day `offset` days (whole days, negative in the past) from now,
 * as `YYYY-MM-DD`, the form of the reporting and commission date filters (SPEC §2 reporting).
 */
export const utcDay = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
