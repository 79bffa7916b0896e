/**
 * A server suite's app into the whole suite's files (tests/helpers/issued-secrets.ts, ADR 755):
 * its log lines, and the secrets its answers and mails carried. startTestApp wires both in.
 */
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from '../../../server/app.ts';
import { appendServerLog, recordSecretsIn } from '../../helpers/issued-secrets.ts';

/**
 * The app's logger options with every line appended to the suite's server log as well: a suite
 * without a logger of its own logs at `info`, the server's default LOG_LEVEL, and only there; a
 * suite's own options (level, stream) stay, its stream seeing each line too.
 */
export function withSuiteLog(logger: BuildAppOptions['logger']): BuildAppOptions['logger'] {
  if (logger === undefined || typeof logger === 'boolean')
    return { level: 'info', stream: { write: appendServerLog } };
  const own = logger.stream;
  return {
    ...logger,
    stream: {
      write(line: string) {
        appendServerLog(line);
        own?.write(line);
      },
    },
  };
}

/** Records the secrets of every JSON answer `app` sends (before app.ready()). */
export function recordAnsweredSecrets(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') recordSecretsIn(payload);
    return payload;
  });
}

/** Records the secrets of the mails `app`'s local sink kept (reset and invitation links), at close. */
export function recordMailedSecrets(app: FastifyInstance): void {
  for (const message of app.mailSink?.messages ?? []) recordSecretsIn(message.text);
}
