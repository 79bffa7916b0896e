/** A reporting/get-report answer's data for a range without applications: one empty page, zero totals. */
export const EMPTY_REPORT = {
  rows: [],
  page: 1,
  per_page: 25,
  last_page: 1,
  total: 0,
  totals: {
    applications: 0,
    new: 0,
    launched: 0,
    completed: 0,
    carriers_asked: 0,
    carriers_quoted: 0,
    carriers_declined: 0,
    lowest_premium: null,
  },
};
