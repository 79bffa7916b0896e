/**
 * GET /carriers/<name>.svg (issue 19): the `image` of every carriers.json family answers its
 * monogram SVG, so each image path resolves; any other name is 404. Public (the login-free
 * catalogue shows logos), cached for a day, and no script may run in it.
 */
import type { FastifyInstance } from 'fastify';
import { failure } from '../http/envelope.ts';
import { carrierMonogramSvg } from '../quoting/carrier-monogram.ts';
import { carriersFile } from '../quoting/carriers-file.ts';

/** Registers the carrier images. */
export async function carrierImageRoutes(app: FastifyInstance) {
  const byImage = new Map(carriersFile.carriers.map((carrier) => [carrier.image, carrier]));
  app.get(
    '/carriers/:file',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['file'],
          additionalProperties: false,
          properties: { file: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const carrier = byImage.get(`/carriers/${file}`);
      if (!carrier) return reply.code(404).send(failure(404, 'Not found.'));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(carrierMonogramSvg(carrier.name, carrier.displayName));
    },
  );
}
