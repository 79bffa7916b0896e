-- Who published, approved and rolled back which schema version, and when (issue 37 "Four eyes"):
-- one row per act, never changed. `version` is the version acted on (the draft published or
-- approved, the version rolled back to); `published_version` the version a publish or roll-back
-- stored; `accepted_impact` whether the publisher confirmed the draft's impact on stored
-- applications. docs/decisions/706-four-eyes-on-schema-publish.md.
CREATE TABLE schema_version_events (
  id serial PRIMARY KEY,
  version integer NOT NULL REFERENCES schema_versions(version),
  action text NOT NULL CHECK (action IN ('publish', 'approve', 'roll-back')),
  user_id integer NOT NULL REFERENCES users(id),
  published_version integer REFERENCES schema_versions(version),
  accepted_impact boolean NOT NULL DEFAULT false,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX schema_version_events_version_idx ON schema_version_events (version, action);
