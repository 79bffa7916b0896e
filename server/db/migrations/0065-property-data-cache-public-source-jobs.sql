-- Issue 40, keyless public property data sources (docs/decisions/757-keyless-public-property-data-sources.md):
-- the cache holds the answers of the three new jobs too: ground elevation (USGS EPQS), CBRA (USFWS
-- CBRS) and community status (OpenFEMA Community Status Book), beside address, characteristics and
-- flood zone (migration 0015).
ALTER TABLE property_data_cache DROP CONSTRAINT property_data_cache_job_check;
--> statement-breakpoint
ALTER TABLE property_data_cache ADD CONSTRAINT property_data_cache_job_check CHECK (
  job IN ('address', 'characteristics', 'flood_zone', 'ground_elevation', 'cbra', 'community_status')
);
