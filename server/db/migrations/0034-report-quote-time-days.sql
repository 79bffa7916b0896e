-- Time to quotes per UTC day as well as per hour (issue 12 Speed;
-- docs/decisions/580-time-to-quotes-per-day-and-export-by-copy.md): report_quote_time_days counts the
-- (application, carrier) pairs per UTC day, company, product, status, source, carrier and exact
-- seconds, so a range reads its whole UTC days here and only its first and last hours from
-- report_quote_time_hours. Kept by the same function as the hours (report_quote_times_add).
CREATE TABLE report_quote_time_days (
  -- Midnight UTC of the day.
  day timestamp NOT NULL,
  company_id integer NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  carrier text NOT NULL,
  first_seconds numeric,
  all_seconds numeric,
  pairs integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX report_quote_time_days_key ON report_quote_time_days
  (day, company_id, product, status, source, carrier, first_seconds, all_seconds) NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE INDEX report_quote_time_days_company_idx ON report_quote_time_days (company_id, day);
--> statement-breakpoint
-- The days recounted from the hours, in order of company then day (a range of one company's days
-- lies on few pages).
CREATE FUNCTION report_quote_time_days_recount() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_quote_time_days;
  INSERT INTO report_quote_time_days (day, company_id, product, status, source, carrier, first_seconds, all_seconds, pairs)
  SELECT date_trunc('day', hour), company_id, product, status, source, carrier, first_seconds, all_seconds, sum(pairs)
  FROM report_quote_time_hours
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 2, 1;
$$;
--> statement-breakpoint
-- As in 0032, and the same counts added to the pairs' days (hours first, then days, in key order).
CREATE OR REPLACE FUNCTION report_quote_times_add(d report_quote_time[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_quote_time_hours AS r (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, pairs)
  SELECT hour, company_id, product, status, source, carrier, first_seconds, all_seconds, sum(sign)::int
  FROM unnest(d)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (hour, company_id, product, status, source, carrier, first_seconds, all_seconds) DO UPDATE SET
    pairs = r.pairs + excluded.pairs;
  DELETE FROM report_quote_time_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source, carrier FROM unnest(d) WHERE sign < 0) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.carrier) = (m.hour, m.company_id, m.product, m.status, m.source, m.carrier)
    AND r.pairs = 0;
  INSERT INTO report_quote_time_days AS r (day, company_id, product, status, source, carrier, first_seconds, all_seconds, pairs)
  SELECT date_trunc('day', hour), company_id, product, status, source, carrier, first_seconds, all_seconds, sum(sign)::int
  FROM unnest(d)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (day, company_id, product, status, source, carrier, first_seconds, all_seconds) DO UPDATE SET
    pairs = r.pairs + excluded.pairs;
  DELETE FROM report_quote_time_days r
  USING (SELECT DISTINCT date_trunc('day', hour) AS day, company_id, product, status, source, carrier FROM unnest(d) WHERE sign < 0) m
  WHERE (r.day, r.company_id, r.product, r.status, r.source, r.carrier) = (m.day, m.company_id, m.product, m.status, m.source, m.carrier)
    AND r.pairs = 0;
END;
$$;
--> statement-breakpoint
-- Recounted in order of company then hour, so a range of one company's (or every company's)
-- buckets lies on few pages of each table.
CREATE OR REPLACE FUNCTION report_roll_ups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_hours;
  DELETE FROM report_carrier_hours;
  DELETE FROM report_premium_hours;
  DELETE FROM report_quote_time_hours;
  CREATE TEMP TABLE report_counted ON COMMIT DROP AS
  SELECT b.* FROM applications a CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b;
  INSERT INTO report_hours (hour, company_id, product, status, source, applications, launched, lowest_premium)
  SELECT hour, company_id, product, status, source, count(*), count(*) FILTER (WHERE launched), min(premium)
  FROM report_counted
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 2, 1;
  INSERT INTO report_premium_hours (hour, company_id, product, status, source, flood_zone, premium, applications)
  SELECT hour, company_id, product, status, source, flood_zone, premium, count(*)
  FROM report_counted WHERE premium IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 2, 1;
  INSERT INTO report_carrier_hours (hour, company_id, product, status, source, carrier, reason, asked, quoted, declined)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, (k.q).carrier, (k.q).reason, count(*),
    count(*) FILTER (WHERE (k.q).status = 'quoted'), count(*) FILTER (WHERE (k.q).status = 'declined')
  FROM quotes q
  CROSS JOIN LATERAL (SELECT report_quote_of(q) AS q) k
  JOIN report_counted b ON b.id = q.application_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 2, 1;
  INSERT INTO report_quote_time_hours (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, pairs)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, t.carrier, t.first_s, t.all_s, count(*)
  FROM (
    SELECT q.application_id, q.carrier, extract(epoch FROM min(q.answered_at) - min(q.requested_at)) AS first_s,
      CASE WHEN bool_and(q.answered_at IS NOT NULL) THEN extract(epoch FROM max(q.answered_at) - min(q.requested_at)) END AS all_s
    FROM quotes q GROUP BY q.application_id, q.carrier) t
  JOIN report_counted b ON b.id = t.application_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 2, 1;
  PERFORM report_quote_time_days_recount();
  DROP TABLE report_counted;
END;
$$;
--> statement-breakpoint
SELECT report_quote_time_days_recount();
