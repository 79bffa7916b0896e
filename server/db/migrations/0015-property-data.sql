-- Property data pre-fill (issue 15): each outside provider's answer for one job (address,
-- characteristics, flood_zone) and one normalised address, with the time it was fetched. A lookup
-- reuses an answer younger than the company's cache days; `answer` null records "not found" (also
-- reused), errors are never stored. Answers hold no key and no company's records.
-- docs/decisions/231-property-data-cache.md.
CREATE TABLE property_data_cache (
  provider text NOT NULL,
  job text NOT NULL CHECK (job IN ('address', 'characteristics', 'flood_zone')),
  address_key text NOT NULL,
  answer jsonb,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, job, address_key)
);
