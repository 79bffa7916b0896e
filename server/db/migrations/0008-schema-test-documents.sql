-- Saved test documents of the schema studio (issue 11): documents product staff keep to see what
-- each rule does to them on the test bench and in the preview, across versions. One name, one
-- document; the context is the `ctx` it is judged in (product, application_type, status).
CREATE TABLE schema_test_documents (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  context json NOT NULL,
  document json NOT NULL,
  author_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
