-- Reporting roll-ups, second step (issue 12 Speed; docs/decisions/530-report-roll-ups-every-company-reasons-premiums.md):
-- 1. Every bucket is kept twice: under its company and under company_id 0, "every company", so a
--    super-admin's figures read one bucket per hour, product, status and source instead of one
--    per company (company ids are serial, from 1).
-- 2. report_carrier_hours counts declined quotes per declining reason (`reason`: the message,
--    trimmed, 'No reason given' when empty; '' for quotes not declined): the top declining
--    reasons are sums of buckets.
-- 3. report_premium_hours counts the applications with a lowest premium per bucket, flood zone
--    and premium (the exact value): a median is read from the cumulative counts, exact.
-- 4. report_quote_time_hours counts the (application, carrier) pairs per bucket, carrier and
--    their exact seconds to the first and to the last answer: the medians of the time to quotes.
-- The triggers of 0031 stay; the functions they call are replaced.
ALTER TABLE report_carrier_hours ADD COLUMN reason text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE report_carrier_hours DROP CONSTRAINT report_carrier_hours_pkey;
--> statement-breakpoint
ALTER TABLE report_carrier_hours ADD PRIMARY KEY (hour, company_id, product, status, source, carrier, reason);
--> statement-breakpoint
CREATE TABLE report_premium_hours (
  hour timestamp NOT NULL,
  company_id integer NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  -- useable_details.flood_zone, 'Unknown' when not given.
  flood_zone text NOT NULL,
  premium numeric(14, 2) NOT NULL,
  -- Applications of the bucket whose min_quote_amount is `premium`.
  applications integer NOT NULL,
  PRIMARY KEY (hour, company_id, product, status, source, flood_zone, premium)
);
--> statement-breakpoint
CREATE INDEX report_premium_hours_company_idx ON report_premium_hours (company_id, hour);
--> statement-breakpoint
CREATE TABLE report_quote_time_hours (
  hour timestamp NOT NULL,
  company_id integer NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  carrier text NOT NULL,
  -- Seconds from the pair's first request to its first answer (null: none answered yet) and,
  -- when none of its quotes is pending, to its last answer (else null).
  first_seconds numeric,
  all_seconds numeric,
  -- (application, carrier) pairs of the bucket with these figures.
  pairs integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX report_quote_time_hours_key ON report_quote_time_hours
  (hour, company_id, product, status, source, carrier, first_seconds, all_seconds) NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE INDEX report_quote_time_hours_company_idx ON report_quote_time_hours (company_id, hour);
--> statement-breakpoint
-- A pair's figures in a bucket, counted with `sign` (+1 in, -1 out).
CREATE TYPE report_quote_time AS (
  hour timestamp, company_id integer, product text, status text, source text, carrier text,
  first_seconds numeric, all_seconds numeric, sign integer
);
--> statement-breakpoint
-- A quote's clock as the time to quotes reads it.
CREATE TYPE report_quote_clock AS (
  id integer, application_id integer, carrier text, requested_at timestamptz, answered_at timestamptz
);
--> statement-breakpoint
CREATE FUNCTION report_quote_times_add(d report_quote_time[]) RETURNS void
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
END;
$$;
--> statement-breakpoint
-- The quotes of pairs changed from `old_q` to `new_q` (a statement's transition rows): each
-- touched pair's figures before (its other quotes and old_q) out, after (its quotes now) in.
-- A pair whose application is gone was taken out with it (report_application_deleting).
CREATE FUNCTION report_quote_times_changed(old_q report_quote_clock[], new_q report_quote_clock[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_quote_times_add(ARRAY(
    WITH p AS (SELECT application_id, carrier FROM unnest(old_q) UNION SELECT application_id, carrier FROM unnest(new_q)),
    now_q AS (SELECT q.id, q.application_id, q.carrier, q.requested_at, q.answered_at
              FROM quotes q JOIN p ON (p.application_id, p.carrier) = (q.application_id, q.carrier)),
    before_q AS (SELECT * FROM now_q WHERE id NOT IN (SELECT id FROM unnest(new_q)) UNION ALL SELECT * FROM unnest(old_q)),
    figures AS (
      SELECT -1 AS sign, application_id, carrier,
        extract(epoch FROM min(answered_at) - min(requested_at)) AS first_s,
        CASE WHEN bool_and(answered_at IS NOT NULL) THEN extract(epoch FROM max(answered_at) - min(requested_at)) END AS all_s
      FROM before_q GROUP BY application_id, carrier
      UNION ALL
      SELECT 1, application_id, carrier,
        extract(epoch FROM min(answered_at) - min(requested_at)),
        CASE WHEN bool_and(answered_at IS NOT NULL) THEN extract(epoch FROM max(answered_at) - min(requested_at)) END
      FROM now_q GROUP BY application_id, carrier)
    SELECT ROW(b.hour, b.company_id, b.product, b.status, b.source, f.carrier, f.first_s, f.all_s, f.sign)::report_quote_time
    FROM figures f JOIN applications app ON app.id = f.application_id
    CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(app)])) b));
END;
$$;
--> statement-breakpoint
ALTER TYPE report_application ADD ATTRIBUTE flood_zone text;
--> statement-breakpoint
ALTER TYPE report_quote ADD ATTRIBUTE reason text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_application_of(a applications) RETURNS report_application
LANGUAGE sql STABLE AS $$
  SELECT ROW(a.id, date_trunc('hour', a.created_at AT TIME ZONE 'UTC'), a.company_id,
    coalesce(a.carrier_quote_type ->> 0, ''), a.status, a.application_source,
    a.launched_at IS NOT NULL, a.min_quote_amount,
    coalesce(nullif(a.useable_details ->> 'flood_zone', ''), 'Unknown'))::report_application
$$;
--> statement-breakpoint
-- A quote as the roll-ups count it: a declined one with its reason.
CREATE FUNCTION report_quote_of(q quotes) RETURNS report_quote
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(q.application_id, q.carrier, q.status,
    CASE WHEN q.status = 'declined' THEN coalesce(nullif(btrim(q.message), ''), 'No reason given') ELSE '' END
  )::report_quote
$$;
--> statement-breakpoint
-- The applications as counted, each also in its "every company" bucket (company_id 0).
CREATE FUNCTION report_every_company(apps report_application[]) RETURNS report_application[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT apps || coalesce(array_agg(ROW(a.id, a.hour, 0, a.product, a.status, a.source, a.launched, a.premium,
    a.flood_zone)::report_application), '{}')
  FROM unnest(apps) a
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_hours_apply(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  minus := report_every_company(minus);
  plus := report_every_company(plus);
  INSERT INTO report_hours AS r (hour, company_id, product, status, source, applications, launched, lowest_premium)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.launched), 0)::int, min(d.premium) FILTER (WHERE d.sign = 1)
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (hour, company_id, product, status, source) DO UPDATE SET
    applications = r.applications + excluded.applications,
    launched = r.launched + excluded.launched,
    lowest_premium = least(r.lowest_premium, excluded.lowest_premium);
  IF cardinality(minus) > 0 THEN
    UPDATE report_hours r SET lowest_premium = (
      SELECT min(a.min_quote_amount) FROM applications a
      WHERE a.created_at >= r.hour AT TIME ZONE 'UTC'
        AND a.created_at < (r.hour + interval '1 hour') AT TIME ZONE 'UTC'
        AND (r.company_id = 0 OR a.company_id = r.company_id)
        AND coalesce(a.carrier_quote_type ->> 0, '') = r.product
        AND a.status = r.status AND a.application_source = r.source)
    FROM (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus) WHERE premium IS NOT NULL) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source);
    DELETE FROM report_hours r
    USING (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus)) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source)
      AND r.applications = 0;
  END IF;
  -- The premiums: counts per exact value, so nothing is read again when one leaves.
  INSERT INTO report_premium_hours AS r (hour, company_id, product, status, source, flood_zone, premium, applications)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, d.flood_zone, d.premium, sum(d.sign)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  WHERE d.premium IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(d.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (hour, company_id, product, status, source, flood_zone, premium) DO UPDATE SET
    applications = r.applications + excluded.applications;
  DELETE FROM report_premium_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source, flood_zone, premium FROM unnest(minus)
         WHERE premium IS NOT NULL) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.flood_zone, r.premium)
      = (m.hour, m.company_id, m.product, m.status, m.source, m.flood_zone, m.premium)
    AND r.applications = 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_carrier_hours_move(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  minus := report_every_company(minus);
  plus := report_every_company(plus);
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, reason, asked, quoted, declined)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, (k.q).carrier, (k.q).reason, sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE (k.q).status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE (k.q).status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN quotes q ON q.application_id = d.id
  CROSS JOIN LATERAL (SELECT report_quote_of(q) AS q) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (hour, company_id, product, status, source, carrier, reason) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  DELETE FROM report_carrier_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus)) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source)
    AND r.asked = 0;
  -- The applications' time-to-quote figures move with them.
  PERFORM report_quote_times_add(ARRAY(
    SELECT ROW(d.hour, d.company_id, d.product, d.status, d.source, t.carrier, t.first_s, t.all_s, d.sign)::report_quote_time
    FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
    CROSS JOIN LATERAL (
      SELECT q.carrier, extract(epoch FROM min(q.answered_at) - min(q.requested_at)) AS first_s,
        CASE WHEN bool_and(q.answered_at IS NOT NULL) THEN extract(epoch FROM max(q.answered_at) - min(q.requested_at)) END AS all_s
      FROM quotes q WHERE q.application_id = d.id GROUP BY q.carrier) t));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_quotes_apply(minus report_quote[], plus report_quote[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the applications' report_hours rows first, as application writes do, so a transaction
  -- writing quotes and then their application cannot deadlock with one moving an application.
  PERFORM 1 FROM report_hours r
  JOIN (SELECT DISTINCT b.hour, b.company_id, b.product, b.status, b.source FROM applications a
        CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b
        WHERE a.id IN (SELECT application_id FROM unnest(minus) UNION SELECT application_id FROM unnest(plus))) k
    ON (r.hour, r.company_id, r.product, r.status, r.source) = (k.hour, k.company_id, k.product, k.status, k.source)
  ORDER BY r.hour, r.company_id, r.product, r.status, r.source
  FOR UPDATE OF r;
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, reason, asked, quoted, declined)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, d.carrier, d.reason, sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN applications a ON a.id = d.application_id
  CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (hour, company_id, product, status, source, carrier, reason) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  IF cardinality(minus) > 0 THEN
    DELETE FROM report_carrier_hours r
    USING (SELECT DISTINCT b.hour, b.company_id, b.product, b.status, b.source
           FROM unnest(minus) m JOIN applications a ON a.id = m.application_id
           CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b) k
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (k.hour, k.company_id, k.product, k.status, k.source)
      AND r.asked = 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_quotes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  minus report_quote[];
  plus report_quote[];
  old_clocks report_quote_clock[];
  new_clocks report_quote_clock[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(report_quote_of(n)), '{}') INTO plus FROM new_rows n;
    PERFORM report_quotes_apply('{}', plus);
    SELECT coalesce(array_agg(ROW(n.id, n.application_id, n.carrier, n.requested_at, n.answered_at)::report_quote_clock), '{}')
      INTO new_clocks FROM new_rows n;
    PERFORM report_quote_times_changed('{}', new_clocks);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(k.o), '{}'), coalesce(array_agg(k.n), '{}') INTO minus, plus
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (SELECT report_quote_of(o) AS o, report_quote_of(n) AS n) k
    WHERE k.o IS DISTINCT FROM k.n;
    IF cardinality(minus) > 0 THEN
      PERFORM report_quotes_apply(minus, plus);
    END IF;
    SELECT coalesce(array_agg(k.o), '{}'), coalesce(array_agg(k.n), '{}') INTO old_clocks, new_clocks
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT ROW(o.id, o.application_id, o.carrier, o.requested_at, o.answered_at)::report_quote_clock AS o,
        ROW(n.id, n.application_id, n.carrier, n.requested_at, n.answered_at)::report_quote_clock AS n) k
    WHERE k.o IS DISTINCT FROM k.n;
    IF cardinality(old_clocks) > 0 THEN
      PERFORM report_quote_times_changed(old_clocks, new_clocks);
    END IF;
  ELSE
    SELECT coalesce(array_agg(report_quote_of(o)), '{}') INTO minus FROM old_rows o;
    PERFORM report_quotes_apply(minus, '{}');
    SELECT coalesce(array_agg(ROW(o.id, o.application_id, o.carrier, o.requested_at, o.answered_at)::report_quote_clock), '{}')
      INTO old_clocks FROM old_rows o;
    PERFORM report_quote_times_changed(old_clocks, '{}');
  END IF;
  RETURN NULL;
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
  DROP TABLE report_counted;
END;
$$;
--> statement-breakpoint
SELECT report_roll_ups_rebuild();
