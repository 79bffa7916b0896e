-- Resources (issue 15): carrier documents (per carriers.json family) and training videos, of one
-- company or, with company_id null, of every company (written by super-admins); an external https
-- address or an uploaded file (documents). resource_views remembers per user what was opened and
-- how far a video was watched. docs/decisions/200-resources-and-blank.md.
CREATE TABLE resources (
  id serial PRIMARY KEY,
  company_id integer REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('carrier_document', 'training_video')),
  carrier text,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  url text,
  file_name text,
  content_type text,
  content bytea,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((url IS NULL) <> (content IS NULL)),
  CHECK (kind <> 'carrier_document' OR carrier IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX resources_company_kind_idx ON resources (company_id, kind);
--> statement-breakpoint
CREATE TABLE resource_views (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  seconds_watched integer NOT NULL DEFAULT 0,
  completed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, resource_id)
);
