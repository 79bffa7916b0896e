/**
 * GET /guides/<file>.pdf (issue 19): the `guideDocument` of every carriers.json entry answers its
 * underwriting guide, a PDF drawn from the file's own appetite data (server/quoting/carrier-guide.ts);
 * any other name is 404. Public like the carrier images (the data is the catalogue the portal
 * already ships), shown inline, cached for an hour. docs/decisions/380-carrier-guides-from-carriers-json.md.
 */
import type { FastifyInstance } from 'fastify';
import { failure } from '../http/envelope.ts';
import { carrierGuidePdf } from '../quote-documents/carrier-guide-pdf.ts';
import { carrierGuide } from '../quoting/carrier-guide.ts';
import { carriersFile } from '../quoting/carriers-file.ts';

/** Registers the carrier guides. */
export async function carrierGuideRoutes(app: FastifyInstance) {
  const byGuide = new Map(
    carriersFile.carriers.flatMap((carrier) =>
      carrier.guideDocument ? [[carrier.guideDocument, carrier] as const] : [],
    ),
  );
  app.get(
    '/guides/:file',
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
      const carrier = byGuide.get(`/guides/${file}`);
      if (!carrier) return reply.code(404).send(failure(404, 'Not found.'));
      const pdf = await carrierGuidePdf(carrierGuide(carrier, carriersFile), new Date());
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(pdf));
    },
  );
}
