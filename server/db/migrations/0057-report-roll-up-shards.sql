-- Reporting roll-ups that do not serialise quote answers (issue 47;
-- docs/decisions/726-report-roll-up-shards.md):
-- 1. The counts that quote writes keep (report_carrier_hours, report_quote_time_hours and _days)
--    are split into up to 16 rows per bucket by `shard` = application id mod 16 (report_shard), so answers
--    of different applications mostly upsert different rows; readers sum, as they already did
--    across hours. Each application's counts always land in its own shard, so every shard row
--    stays a count of real quotes (never negative) and is deleted at zero as before.
-- 2. A quote write no longer locks the application's report_hours rows (the "every company" row
--    of an hour was taken by every answer of that hour): it takes a share lock on its
--    applications' rows instead, which orders it after (and before) a move of the application
--    between buckets as the report_hours lock did, and which answers of one launch share.
-- The tables are recounted at the end, so existing counts are split into their shards.
CREATE FUNCTION report_shard(application_id integer) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$ SELECT (application_id % 16)::smallint $$;
--> statement-breakpoint
ALTER TABLE report_carrier_hours ADD COLUMN shard smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE report_carrier_hours DROP CONSTRAINT report_carrier_hours_pkey;
--> statement-breakpoint
ALTER TABLE report_carrier_hours ADD PRIMARY KEY (hour, company_id, product, status, source, carrier, reason, shard);
--> statement-breakpoint
ALTER TABLE report_quote_time_hours ADD COLUMN shard smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP INDEX report_quote_time_hours_key;
--> statement-breakpoint
CREATE UNIQUE INDEX report_quote_time_hours_key ON report_quote_time_hours
  (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, shard) NULLS NOT DISTINCT;
--> statement-breakpoint
ALTER TABLE report_quote_time_days ADD COLUMN shard smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP INDEX report_quote_time_days_key;
--> statement-breakpoint
CREATE UNIQUE INDEX report_quote_time_days_key ON report_quote_time_days
  (day, company_id, product, status, source, carrier, first_seconds, all_seconds, shard) NULLS NOT DISTINCT;
--> statement-breakpoint
ALTER TYPE report_quote_time ADD ATTRIBUTE shard smallint;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_quote_times_add(d report_quote_time[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_quote_time_hours AS r (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, shard, pairs)
  SELECT hour, company_id, product, status, source, carrier, first_seconds, all_seconds, shard, sum(sign)::int
  FROM unnest(d)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, shard) DO UPDATE SET
    pairs = r.pairs + excluded.pairs;
  DELETE FROM report_quote_time_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source, carrier, shard FROM unnest(d) WHERE sign < 0) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.carrier, r.shard)
      = (m.hour, m.company_id, m.product, m.status, m.source, m.carrier, m.shard)
    AND r.pairs = 0;
  INSERT INTO report_quote_time_days AS r (day, company_id, product, status, source, carrier, first_seconds, all_seconds, shard, pairs)
  SELECT date_trunc('day', hour), company_id, product, status, source, carrier, first_seconds, all_seconds, shard, sum(sign)::int
  FROM unnest(d)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (day, company_id, product, status, source, carrier, first_seconds, all_seconds, shard) DO UPDATE SET
    pairs = r.pairs + excluded.pairs;
  DELETE FROM report_quote_time_days r
  USING (SELECT DISTINCT date_trunc('day', hour) AS day, company_id, product, status, source, carrier, shard
         FROM unnest(d) WHERE sign < 0) m
  WHERE (r.day, r.company_id, r.product, r.status, r.source, r.carrier, r.shard)
      = (m.day, m.company_id, m.product, m.status, m.source, m.carrier, m.shard)
    AND r.pairs = 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_quote_times_changed(old_q report_quote_clock[], new_q report_quote_clock[]) RETURNS void
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
    SELECT ROW(b.hour, b.company_id, b.product, b.status, b.source, f.carrier, f.first_s, f.all_s, f.sign,
      report_shard(f.application_id))::report_quote_time
    FROM figures f JOIN applications app ON app.id = f.application_id
    CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(app)])) b));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_carrier_hours_move(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  minus := report_every_company(minus);
  plus := report_every_company(plus);
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, reason, shard, asked, quoted, declined)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, (k.q).carrier, (k.q).reason, report_shard(d.id),
    sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE (k.q).status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE (k.q).status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN quotes q ON q.application_id = d.id
  CROSS JOIN LATERAL (SELECT report_quote_of(q) AS q) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (hour, company_id, product, status, source, carrier, reason, shard) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  DELETE FROM report_carrier_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source, report_shard(id) AS shard FROM unnest(minus)) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.shard)
      = (m.hour, m.company_id, m.product, m.status, m.source, m.shard)
    AND r.asked = 0;
  -- The applications' time-to-quote figures move with them.
  PERFORM report_quote_times_add(ARRAY(
    SELECT ROW(d.hour, d.company_id, d.product, d.status, d.source, t.carrier, t.first_s, t.all_s, d.sign,
      report_shard(d.id))::report_quote_time
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
  -- The applications' rows, shared: a move of one of them between buckets (an UPDATE, which
  -- every writer of quotes and their application makes first) waits for this write, or this
  -- write for it, so each counts the other; answers of one launch do not wait for each other.
  PERFORM 1 FROM applications a
  WHERE a.id IN (SELECT application_id FROM unnest(minus) UNION SELECT application_id FROM unnest(plus))
  ORDER BY a.id
  FOR SHARE OF a;
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, reason, shard, asked, quoted, declined)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, d.carrier, d.reason, report_shard(d.application_id),
    sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN applications a ON a.id = d.application_id
  CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (hour, company_id, product, status, source, carrier, reason, shard) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  IF cardinality(minus) > 0 THEN
    DELETE FROM report_carrier_hours r
    USING (SELECT DISTINCT b.hour, b.company_id, b.product, b.status, b.source, report_shard(m.application_id) AS shard
           FROM unnest(minus) m JOIN applications a ON a.id = m.application_id
           CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b) k
    WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.shard)
        = (k.hour, k.company_id, k.product, k.status, k.source, k.shard)
      AND r.asked = 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_quote_time_days_recount() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_quote_time_days;
  INSERT INTO report_quote_time_days (day, company_id, product, status, source, carrier, first_seconds, all_seconds, shard, pairs)
  SELECT date_trunc('day', hour), company_id, product, status, source, carrier, first_seconds, all_seconds, shard, sum(pairs)
  FROM report_quote_time_hours
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ORDER BY 2, 1;
$$;
--> statement-breakpoint
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
  INSERT INTO report_carrier_hours (hour, company_id, product, status, source, carrier, reason, shard, asked, quoted, declined)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, (k.q).carrier, (k.q).reason, report_shard(b.id), count(*),
    count(*) FILTER (WHERE (k.q).status = 'quoted'), count(*) FILTER (WHERE (k.q).status = 'declined')
  FROM quotes q
  CROSS JOIN LATERAL (SELECT report_quote_of(q) AS q) k
  JOIN report_counted b ON b.id = q.application_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 2, 1;
  INSERT INTO report_quote_time_hours (hour, company_id, product, status, source, carrier, first_seconds, all_seconds, shard, pairs)
  SELECT b.hour, b.company_id, b.product, b.status, b.source, t.carrier, t.first_s, t.all_s, report_shard(b.id), count(*)
  FROM (
    SELECT q.application_id, q.carrier, extract(epoch FROM min(q.answered_at) - min(q.requested_at)) AS first_s,
      CASE WHEN bool_and(q.answered_at IS NOT NULL) THEN extract(epoch FROM max(q.answered_at) - min(q.requested_at)) END AS all_s
    FROM quotes q GROUP BY q.application_id, q.carrier) t
  JOIN report_counted b ON b.id = t.application_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ORDER BY 2, 1;
  PERFORM report_quote_time_days_recount();
  DROP TABLE report_counted;
END;
$$;
--> statement-breakpoint
SELECT report_roll_ups_rebuild();
