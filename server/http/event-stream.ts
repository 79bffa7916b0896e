/**
 * Server-sent events plumbing shared by every stream (texting events, issue 14; live quotes,
 * issue 17): takes over the reply, writes the `text/event-stream` head and a `retry` hint, sends
 * named events, keeps idle proxies from closing the connection with a comment every 15 s, and
 * ends the stream after `lifetimeMs` (the browser reconnects after `retry`, so a stream whose
 * session ended meanwhile is dropped), when the client goes, or when the server closes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long the browser waits before reconnecting, in ms (sent as `retry:`). */
export const EVENT_STREAM_RETRY_MS = 3000;
/** How often a comment keeps an idle stream open, in ms. */
const HEARTBEAT_MS = 15_000;

/** One named event of a stream; `data` is sent as JSON. */
export interface StreamEvent {
  event: string;
  data: unknown;
  id?: string | number;
}

/**
 * One open stream: `send` writes events (data as JSON) in one write, so a reader gets them
 * together (one snapshot's changes never arrive half); `end` closes it (idempotent).
 */
export interface EventStream {
  send(...events: StreamEvent[]): void;
  end(): void;
}

/**
 * Ends of the streams open in `app`'s plugin: run before the server closes (which otherwise
 * waits for open connections). Call once per plugin and pass the set to `openEventStream`.
 */
export function closeStreamsOnShutdown(app: FastifyInstance): Set<() => void> {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  return open;
}

/**
 * Opens the stream on `reply` (hijacked: Fastify sends nothing more) for at most `lifetimeMs`;
 * `onEnd` runs once when it ends for any reason. `open` is the plugin's set from
 * closeStreamsOnShutdown.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { lifetimeMs: number; open: Set<() => void>; onEnd: () => void },
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies (nginx) must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${EVENT_STREAM_RETRY_MS}\n: connected\n\n`);
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.open.delete(end);
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    options.onEnd();
    if (!raw.writableEnded) raw.end();
  };
  const lifetime = setTimeout(end, options.lifetimeMs);
  request.raw.on('close', end);
  options.open.add(end);
  return {
    send(...events) {
      if (ended || events.length === 0) return;
      raw.write(
        events
          .map(
            ({ event, data, id }) =>
              `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
          )
          .join(''),
      );
    },
    end,
  };
}
