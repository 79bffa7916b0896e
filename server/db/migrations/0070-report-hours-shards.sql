-- Launches and completions do not queue on one report_hours row (issue 47;
-- docs/decisions/774-report-hours-shards.md): report_hours gains `shard` (report_shard(application
-- id) = id mod 16, as migration 0057 gave the quote counts), part of its key. A launch or a
-- completion moves its application between buckets while its transaction also writes 25 quotes
-- and jobs, so the bucket rows it upserts (its company's and company 0's) stayed locked until that
-- commit and every launch of the hour waited for the one before. Each application's counts land in
-- its own shard, so a shard row counts real applications and its smallest premium is read again
-- from that shard's applications alone. Readers already sum the counts and take the min premium.
-- The table is recounted at the end, so the kept counts are split into their shards.
ALTER TABLE report_hours ADD COLUMN shard smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE report_hours DROP CONSTRAINT report_hours_pkey;
--> statement-breakpoint
ALTER TABLE report_hours ADD PRIMARY KEY (hour, company_id, product, status, source, shard);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_hours_apply(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  minus := report_every_company(minus);
  plus := report_every_company(plus);
  INSERT INTO report_hours AS r (hour, company_id, product, status, source, shard, applications, launched, lowest_premium)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, report_shard(d.id), sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.launched), 0)::int, min(d.premium) FILTER (WHERE d.sign = 1)
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (hour, company_id, product, status, source, shard) DO UPDATE SET
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
        AND a.status = r.status AND a.application_source = r.source
        AND report_shard(a.id) = r.shard)
    FROM (SELECT DISTINCT hour, company_id, product, status, source, report_shard(id) AS shard
          FROM unnest(minus) WHERE premium IS NOT NULL) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.shard)
        = (m.hour, m.company_id, m.product, m.status, m.source, m.shard);
    DELETE FROM report_hours r
    USING (SELECT DISTINCT hour, company_id, product, status, source, report_shard(id) AS shard FROM unnest(minus)) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source, r.shard)
        = (m.hour, m.company_id, m.product, m.status, m.source, m.shard)
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
CREATE OR REPLACE FUNCTION report_roll_ups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_hours;
  DELETE FROM report_carrier_hours;
  DELETE FROM report_premium_hours;
  DELETE FROM report_quote_time_hours;
  CREATE TEMP TABLE report_counted ON COMMIT DROP AS
  SELECT b.* FROM applications a CROSS JOIN LATERAL unnest(report_every_company(ARRAY[report_application_of(a)])) b;
  INSERT INTO report_hours (hour, company_id, product, status, source, shard, applications, launched, lowest_premium)
  SELECT hour, company_id, product, status, source, report_shard(id), count(*), count(*) FILTER (WHERE launched), min(premium)
  FROM report_counted
  GROUP BY 1, 2, 3, 4, 5, 6
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
