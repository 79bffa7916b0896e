-- Reporting roll-ups (issue 12 Speed; docs/decisions/500-reporting-roll-ups-kept-by-triggers.md):
-- the applications and carrier counts of every UTC hour, kept current by triggers on
-- applications and quotes in the transaction that changes them, so a report's totals, days,
-- weeks, funnel and per-carrier rates sum a few rows per hour instead of reading every
-- application and its quotes. A bucket is (UTC hour of created_at, company, product =
-- carrier_quote_type[0] or '', status, source); days of any time zone whose midnights fall on
-- whole UTC hours are unions of buckets. Empty buckets are deleted.
CREATE TABLE report_hours (
  hour timestamp NOT NULL,
  company_id integer NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  applications integer NOT NULL,
  -- Of those, how many have a launched_at.
  launched integer NOT NULL,
  -- The smallest min_quote_amount of the bucket's applications (null when none has one).
  lowest_premium numeric(14, 2),
  PRIMARY KEY (hour, company_id, product, status, source)
);
--> statement-breakpoint
CREATE INDEX report_hours_company_idx ON report_hours (company_id, hour);
--> statement-breakpoint
CREATE TABLE report_carrier_hours (
  hour timestamp NOT NULL,
  company_id integer NOT NULL,
  product text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  carrier text NOT NULL,
  -- Quotes of the bucket's applications asked of the carrier, and of those quoted and declined.
  asked integer NOT NULL,
  quoted integer NOT NULL,
  declined integer NOT NULL,
  PRIMARY KEY (hour, company_id, product, status, source, carrier)
);
--> statement-breakpoint
CREATE INDEX report_carrier_hours_company_idx ON report_carrier_hours (company_id, hour);
--> statement-breakpoint
-- An application as the roll-ups count it: its bucket and its counted values.
CREATE TYPE report_application AS (
  id integer,
  hour timestamp,
  company_id integer,
  product text,
  status text,
  source text,
  launched boolean,
  premium numeric(14, 2)
);
--> statement-breakpoint
CREATE FUNCTION report_application_of(a applications) RETURNS report_application
LANGUAGE sql STABLE AS $$
  SELECT ROW(a.id, date_trunc('hour', a.created_at AT TIME ZONE 'UTC'), a.company_id,
    coalesce(a.carrier_quote_type ->> 0, ''), a.status, a.application_source,
    a.launched_at IS NOT NULL, a.min_quote_amount)::report_application
$$;
--> statement-breakpoint
-- A quote as the roll-ups count it.
CREATE TYPE report_quote AS (application_id integer, carrier text, status text);
--> statement-breakpoint
-- Takes the `minus` applications out of report_hours and puts the `plus` ones in (an update is
-- both: the row before and after). The lowest premium of a bucket an application with a premium
-- left is read again from its applications (the rows are locked by the upsert first, so a
-- concurrent writer of the bucket commits before or recounts after).
CREATE FUNCTION report_hours_apply(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
        AND a.company_id = r.company_id AND coalesce(a.carrier_quote_type ->> 0, '') = r.product
        AND a.status = r.status AND a.application_source = r.source)
    FROM (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus) WHERE premium IS NOT NULL) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source);
    DELETE FROM report_hours r
    USING (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus)) m
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source)
      AND r.applications = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- Moves the current quotes of applications out of their `minus` buckets and into their `plus` ones.
CREATE FUNCTION report_carrier_hours_move(minus report_application[], plus report_application[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, asked, quoted, declined)
  SELECT d.hour, d.company_id, d.product, d.status, d.source, q.carrier, sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE q.status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE q.status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN quotes q ON q.application_id = d.id
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (hour, company_id, product, status, source, carrier) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  DELETE FROM report_carrier_hours r
  USING (SELECT DISTINCT hour, company_id, product, status, source FROM unnest(minus)) m
  WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (m.hour, m.company_id, m.product, m.status, m.source)
    AND r.asked = 0;
END;
$$;
--> statement-breakpoint
-- Takes the `minus` quotes out of report_carrier_hours and puts the `plus` ones in, each in its
-- application's bucket (a quote whose application is gone was taken out with it).
CREATE FUNCTION report_quotes_apply(minus report_quote[], plus report_quote[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the applications' report_hours rows first, as application writes do, so a transaction
  -- writing quotes and then their application cannot deadlock with one moving an application.
  PERFORM 1 FROM report_hours r
  JOIN (SELECT DISTINCT (report_application_of(a)).* FROM applications a
        WHERE a.id IN (SELECT application_id FROM unnest(minus) UNION SELECT application_id FROM unnest(plus))) k
    ON (r.hour, r.company_id, r.product, r.status, r.source) = (k.hour, k.company_id, k.product, k.status, k.source)
  ORDER BY r.hour, r.company_id, r.product, r.status, r.source
  FOR UPDATE OF r;
  INSERT INTO report_carrier_hours AS r (hour, company_id, product, status, source, carrier, asked, quoted, declined)
  SELECT (k.b).hour, (k.b).company_id, (k.b).product, (k.b).status, (k.b).source, d.carrier, sum(d.sign)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'quoted'), 0)::int,
    coalesce(sum(d.sign) FILTER (WHERE d.status = 'declined'), 0)::int
  FROM (SELECT m.*, -1 AS sign FROM unnest(minus) m UNION ALL SELECT p.*, 1 AS sign FROM unnest(plus) p) d
  JOIN applications a ON a.id = d.application_id
  CROSS JOIN LATERAL (SELECT report_application_of(a) AS b) k
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (hour, company_id, product, status, source, carrier) DO UPDATE SET
    asked = r.asked + excluded.asked,
    quoted = r.quoted + excluded.quoted,
    declined = r.declined + excluded.declined;
  IF cardinality(minus) > 0 THEN
    DELETE FROM report_carrier_hours r
    USING (SELECT DISTINCT (report_application_of(a)).* FROM unnest(minus) m JOIN applications a ON a.id = m.application_id) k
    WHERE (r.hour, r.company_id, r.product, r.status, r.source) = (k.hour, k.company_id, k.product, k.status, k.source)
      AND r.asked = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a bulk import's batch or a seed is one aggregate, not
-- one upsert per row. An update counts only the rows whose bucket or counted values changed.
CREATE FUNCTION report_applications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  minus report_application[];
  plus report_application[];
  moved_from report_application[];
  moved_to report_application[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(report_application_of(n)), '{}') INTO plus FROM new_rows n;
    PERFORM report_hours_apply('{}', plus);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Changed counted values (minus, plus); of those, changed buckets (moved_from, moved_to),
    -- whose quotes move too.
    SELECT coalesce(array_agg(r.o), '{}'), coalesce(array_agg(r.n), '{}'),
      coalesce(array_agg(r.o) FILTER (WHERE r.moved), '{}'), coalesce(array_agg(r.n) FILTER (WHERE r.moved), '{}')
      INTO minus, plus, moved_from, moved_to
    FROM (
      SELECT k.o, k.n, ((k.o).hour, (k.o).company_id, (k.o).product, (k.o).status, (k.o).source)
        IS DISTINCT FROM ((k.n).hour, (k.n).company_id, (k.n).product, (k.n).status, (k.n).source) AS moved
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT report_application_of(o) AS o, report_application_of(n) AS n) k
      WHERE k.o IS DISTINCT FROM k.n
    ) r;
    IF cardinality(minus) > 0 THEN
      PERFORM report_hours_apply(minus, plus);
    END IF;
    IF cardinality(moved_from) > 0 THEN
      PERFORM report_carrier_hours_move(moved_from, moved_to);
    END IF;
  ELSE
    SELECT coalesce(array_agg(report_application_of(o)), '{}') INTO minus FROM old_rows o;
    PERFORM report_hours_apply(minus, '{}');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before each application is deleted its quotes leave report_carrier_hours: ON DELETE CASCADE
-- removes them before any statement-level trigger could still find their application's bucket.
CREATE FUNCTION report_application_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_carrier_hours_move(ARRAY[report_application_of(OLD)], '{}');
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION report_quotes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  minus report_quote[];
  plus report_quote[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(ROW(n.application_id, n.carrier, n.status)::report_quote), '{}') INTO plus FROM new_rows n;
    PERFORM report_quotes_apply('{}', plus);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(ROW(o.application_id, o.carrier, o.status)::report_quote), '{}'),
      coalesce(array_agg(ROW(n.application_id, n.carrier, n.status)::report_quote), '{}')
      INTO minus, plus
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.application_id, o.carrier, o.status) IS DISTINCT FROM (n.application_id, n.carrier, n.status);
    IF cardinality(minus) > 0 THEN
      PERFORM report_quotes_apply(minus, plus);
    END IF;
  ELSE
    SELECT coalesce(array_agg(ROW(o.application_id, o.carrier, o.status)::report_quote), '{}') INTO minus FROM old_rows o;
    PERFORM report_quotes_apply(minus, '{}');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_applications_inserted AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_applications_changed();
--> statement-breakpoint
CREATE TRIGGER report_applications_updated AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_applications_changed();
--> statement-breakpoint
CREATE TRIGGER report_applications_deleted AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_applications_changed();
--> statement-breakpoint
CREATE TRIGGER report_application_deleting BEFORE DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION report_application_deleting();
--> statement-breakpoint
CREATE TRIGGER report_quotes_inserted AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_changed();
--> statement-breakpoint
CREATE TRIGGER report_quotes_updated AFTER UPDATE ON quotes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_changed();
--> statement-breakpoint
CREATE TRIGGER report_quotes_deleted AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_quotes_changed();
--> statement-breakpoint
-- Both roll-ups counted again from applications and quotes: the backfill below, and after a bulk
-- load that ran with triggers off (tests/bench/seed-million.ts loads in replica mode).
CREATE FUNCTION report_roll_ups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_hours;
  DELETE FROM report_carrier_hours;
  INSERT INTO report_hours (hour, company_id, product, status, source, applications, launched, lowest_premium)
  SELECT (b).hour, (b).company_id, (b).product, (b).status, (b).source, count(*), count(*) FILTER (WHERE (b).launched),
    min((b).premium)
  FROM (SELECT report_application_of(a) AS b FROM applications a) k
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO report_carrier_hours (hour, company_id, product, status, source, carrier, asked, quoted, declined)
  SELECT (k.b).hour, (k.b).company_id, (k.b).product, (k.b).status, (k.b).source, q.carrier, count(*),
    count(*) FILTER (WHERE q.status = 'quoted'), count(*) FILTER (WHERE q.status = 'declined')
  FROM quotes q
  JOIN (SELECT a.id, report_application_of(a) AS b FROM applications a) k ON k.id = q.application_id
  GROUP BY 1, 2, 3, 4, 5, 6;
END;
$$;
--> statement-breakpoint
SELECT report_roll_ups_rebuild();
