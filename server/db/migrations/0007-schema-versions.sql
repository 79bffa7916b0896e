-- Schema sets as versions (issue 10 part 3; the studio of issue 11 adds drafts): the files of
-- schemas/ are stored at start as a published version when no stored version has their content.
-- The current version is the highest published one. The set is json, not jsonb: key order is
-- meaning (declaration order of fields, computed fields) and the export must reproduce the files.
-- docs/decisions/157-schema-versions.md.
CREATE TABLE schema_versions (
  version integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  schema_set json NOT NULL,
  content_hash text NOT NULL,
  note text NOT NULL DEFAULT '',
  author_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
--> statement-breakpoint
CREATE INDEX schema_versions_content_hash_idx ON schema_versions (content_hash);
--> statement-breakpoint
-- The version each application was created or last reset (or migrated) under; rows before: 1.
ALTER TABLE applications ADD COLUMN schema_version integer NOT NULL DEFAULT 1;
