/**
 * Uploaded training video files (issue 15 Training videos; docs/decisions/260-uploaded-training-videos.md):
 * an admin's MP4 or WebM file streamed into the database in chunks (never whole in memory), checked
 * by its first bytes, within MAX_VIDEO_BYTES; and read back as any byte range for the player.
 */
import type { Readable } from 'node:stream';
import type { Executor } from '../db/database.ts';
import type { VideoFileRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  completeVideoFile,
  deleteAbandonedVideoFiles,
  deleteVideoFile,
  insertVideoChunk,
  insertVideoFile,
  readVideoChunk,
} from '../repositories/video-files-repository.ts';
import type { ByteSource } from '../routes/send-byte-source.ts';
import type { Actor } from './actor.ts';
import { FORBIDDEN_MESSAGE } from './owned-application.ts';

/** Largest video file accepted, in bytes (200 MiB). */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/** Bytes per stored chunk (1 MiB): a seek reads at most one chunk more than it needs. */
export const VIDEO_CHUNK_BYTES = 1024 * 1024;

/** An upload that no entry took within this time is deleted (24 hours, in milliseconds). */
export const ABANDONED_VIDEO_MS = 24 * 60 * 60 * 1000;

/** The content types a video may have. */
export type VideoType = VideoFileRow['content_type'];
export const VIDEO_TYPES: VideoType[] = ['video/mp4', 'video/webm'];

export const VIDEO_TYPE_MESSAGE = 'The file must be an MP4 or WebM video.';
export const VIDEO_TOO_LARGE_MESSAGE = `The video must be at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB.`;
export const VIDEO_EMPTY_MESSAGE = 'The video file is empty.';

/** Leading bytes that tell the type: at least this many are read before the check. */
const SNIFF_BYTES = 256;

/**
 * The video type the first bytes show, or null: an ISO base media file (MP4) has a `ftyp` box at
 * offset 4; a WebM file starts with the EBML magic and names the `webm` doc type in its header.
 */
export function sniffVideoType(head: Buffer): VideoType | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  const ebml =
    head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  if (ebml && head.subarray(0, SNIFF_BYTES).includes('webm', 0, 'latin1')) return 'video/webm';
  return null;
}

/** What an upload carries besides its bytes. */
export interface VideoUpload {
  fileName: string;
  /** The request's Content-Type (parameters removed). */
  contentType: string;
  /** The request's Content-Length, when it sent one. */
  contentLength?: number;
  body: Readable | AsyncIterable<Buffer>;
}

/** Limits, overridable in tests. */
export interface VideoUploadLimits {
  maxBytes?: number;
  chunkBytes?: number;
  now?: Date;
}

const refuse = (status: number, message: string) => new ApiError(status, message, { file: message });

/**
 * Stores an admin's (or super-admin's) upload and answers `{video_file: {id, file_name,
 * content_type, size_bytes}}` for resources/create to take. Refuses, storing nothing: 403 for other
 * roles; 415 when the declared type is not MP4 or WebM or the first bytes are not that type; 413 past
 * `maxBytes` (before reading when Content-Length says so, else as soon as the bytes pass it); 400
 * when empty. An upload cut off half-way is deleted. First deletes uploads abandoned for a day.
 */
export async function storeVideoUpload(
  db: Executor,
  actor: Actor,
  upload: VideoUpload,
  limits: VideoUploadLimits = {},
) {
  const maxBytes = limits.maxBytes ?? MAX_VIDEO_BYTES;
  const chunkBytes = limits.chunkBytes ?? VIDEO_CHUNK_BYTES;
  const tooLarge = refuse(
    413,
    maxBytes === MAX_VIDEO_BYTES ? VIDEO_TOO_LARGE_MESSAGE : `At most ${maxBytes} bytes.`,
  );
  if (actor.role !== 'admin' && actor.role !== 'super-admin') throw new ApiError(403, FORBIDDEN_MESSAGE);
  const declared = VIDEO_TYPES.find((type) => type === upload.contentType);
  if (!declared) throw refuse(415, VIDEO_TYPE_MESSAGE);
  if ((upload.contentLength ?? 0) > maxBytes) throw tooLarge;
  await deleteAbandonedVideoFiles(db, new Date((limits.now ?? new Date()).getTime() - ABANDONED_VIDEO_MS));

  // Set by the first flush, once the first bytes passed the type check.
  const stored: { file: VideoFileRow | null } = { file: null };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  const flush = async (final: boolean) => {
    if (!stored.file) {
      if (sniffVideoType(Buffer.concat(pending)) !== declared) throw refuse(415, VIDEO_TYPE_MESSAGE);
      stored.file = await insertVideoFile(db, {
        uploaded_by: actor.userId,
        file_name: upload.fileName,
        content_type: declared,
        chunk_bytes: chunkBytes,
      });
    }
    const bytes = Buffer.concat(pending);
    let at = 0;
    for (; bytes.length - at >= chunkBytes || (final && at < bytes.length); at += chunkBytes)
      await insertVideoChunk(db, stored.file.id, seq++, bytes.subarray(at, at + chunkBytes));
    pending = at < bytes.length ? [bytes.subarray(at)] : [];
    pendingBytes = bytes.length - at;
  };
  try {
    for await (const piece of upload.body) {
      const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      size += bytes.length;
      if (size > maxBytes) throw tooLarge;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= Math.max(chunkBytes, SNIFF_BYTES)) await flush(false);
    }
    if (size === 0) throw refuse(400, VIDEO_EMPTY_MESSAGE);
    await flush(true);
    const done = await completeVideoFile(db, (stored.file as VideoFileRow).id, size);
    return {
      video_file: {
        id: done.id,
        file_name: done.file_name,
        content_type: done.content_type,
        size_bytes: done.size_bytes,
      },
    };
  } catch (error) {
    if (stored.file) await deleteVideoFile(db, stored.file.id);
    throw error;
  }
}

/** The bytes of a stored video file, read chunk by chunk as a range asks. */
export function videoByteSource(db: Executor, file: VideoFileRow, fileName: string): ByteSource {
  return {
    size: file.size_bytes,
    contentType: file.content_type,
    fileName,
    etag: `"video-${file.id}-${file.size_bytes}"`,
    async *read(start, end) {
      for (let seq = Math.floor(start / file.chunk_bytes); seq <= Math.floor(end / file.chunk_bytes); seq++) {
        const chunk = await readVideoChunk(db, file.id, seq);
        if (!chunk) throw new Error(`video file ${file.id} lost chunk ${seq}`);
        const offset = seq * file.chunk_bytes;
        yield chunk.subarray(Math.max(0, start - offset), end - offset + 1);
      }
    },
  };
}
