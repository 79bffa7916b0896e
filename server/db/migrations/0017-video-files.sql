-- Uploaded training video files (issue 15): the bytes in chunks of `chunk_bytes` so an upload is
-- streamed in without holding the file in memory and a Range request reads only the chunks it
-- covers. A file is written first (complete = false until its last chunk is stored), then a
-- training video entry takes it (resources.video_file_id); an entry holds exactly one of an
-- address, a document's bytes and a video file. docs/decisions/260-uploaded-training-videos.md.
CREATE TABLE video_files (
  id serial PRIMARY KEY,
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('video/mp4', 'video/webm')),
  chunk_bytes integer NOT NULL CHECK (chunk_bytes > 0),
  size_bytes integer NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE video_file_chunks (
  video_file_id integer NOT NULL REFERENCES video_files (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  content bytea NOT NULL,
  PRIMARY KEY (video_file_id, seq)
);
--> statement-breakpoint
ALTER TABLE resources ADD COLUMN video_file_id integer UNIQUE REFERENCES video_files (id);
--> statement-breakpoint
ALTER TABLE resources DROP CONSTRAINT resources_check;
--> statement-breakpoint
ALTER TABLE resources ADD CONSTRAINT resources_one_source
  CHECK (num_nonnulls(url, content, video_file_id) = 1 AND (video_file_id IS NULL OR kind = 'training_video'));
