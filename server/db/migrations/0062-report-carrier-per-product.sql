-- Analytics count a sub-carrier's quotes as its own product (issue 40 Words for people;
-- docs/decisions/751-carrier-display-names-and-products-in-analytics.md): report_carrier_hours keys a
-- quote by `carrier/sub_carrier` (carriers.json family and sub-carrier names, as the portal's
-- product writers do) or by `carrier` alone when it has no sub-carrier, so the quote and decline
-- rates show one row per product ("Wright Focus", "Wright NFIP", ...) instead of one per family.
-- Time to quotes stays per family (the unit a launch asks). The row scans group the same way
-- (analytics-repository.ts carrierOutcomesFromRows). The carrier roll-ups are recounted.
CREATE OR REPLACE FUNCTION report_quote_of(q quotes) RETURNS report_quote
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(q.application_id, q.carrier || coalesce('/' || q.sub_carrier, ''), q.status,
    CASE WHEN q.status = 'declined' THEN coalesce(nullif(btrim(q.message), ''), 'No reason given') ELSE '' END
  )::report_quote
$$;
--> statement-breakpoint
SELECT report_roll_ups_rebuild();
