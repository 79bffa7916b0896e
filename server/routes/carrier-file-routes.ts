/**
 * The files carriers.json names (issue 19), so every `image` and `guideDocument` path resolves:
 * - GET /carriers/<name>.svg: the `image` of every family answers its monogram SVG
 *   (server/quoting/carrier-monogram.ts); no script may run in it; cached for a day.
 * - GET /guides/<file>.pdf: the `guideDocument` of every entry answers its underwriting guide, a
 *   PDF drawn from the entry's own appetite data (server/quoting/carrier-guide.ts, ADR 380), shown
 *   inline, cached for an hour.
 * Any other name is 404. Public: the data is the catalogue the portal bundle already carries. The
 * paths are those of the catalogue in use (ADR 772): a published version's new family has its files.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CarrierEntry, CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { failure } from '../http/envelope.ts';
import { carrierGuidePdf } from '../quote-documents/carrier-guide-pdf.ts';
import { carrierGuide } from '../quoting/carrier-guide.ts';
import { carrierMonogramSvg } from '../quoting/carrier-monogram.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import type { SchemaValue } from './session-route.ts';

/** A carrier file's name in its folder (a logo or a guide). */
const carrierFileParamsSchema = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: { file: { type: 'string', maxLength: 100 } },
} as const;

/** Registers GET `<folder>/:file`, answering `send` for the entry whose path `pathOf` gives is that one. */
function catalogueFiles(
  app: FastifyInstance,
  folder: '/carriers' | '/guides',
  pathOf: (carrier: CarrierEntry) => string | null,
  send: (reply: FastifyReply, carrier: CarrierEntry, file: string) => Promise<unknown>,
) {
  let paths: { of: CarriersFile; byPath: Map<string, CarrierEntry> } | null = null;
  const carrierAt = (path: string) => {
    const of = currentCarriers();
    if (paths?.of !== of) {
      const entries = of.carriers.flatMap((carrier) => {
        const at = pathOf(carrier);
        return at ? [[at, carrier] as const] : [];
      });
      paths = { of, byPath: new Map(entries) };
    }
    return paths.byPath.get(path);
  };
  app.get<{ Params: SchemaValue<typeof carrierFileParamsSchema> }>(
    `${folder}/:file`,
    { schema: { hide: true, params: carrierFileParamsSchema } },
    async (request, reply) => {
      const { file } = request.params;
      const carrier = carrierAt(`${folder}/${file}`);
      if (!carrier) return reply.code(404).send(failure(404, 'Not found.'));
      return send(reply, carrier, file);
    },
  );
}

/** Registers the carrier images and guides. */
export async function carrierFileRoutes(app: FastifyInstance) {
  catalogueFiles(
    app,
    '/carriers',
    (carrier) => carrier.image,
    async (reply, carrier) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(carrierMonogramSvg(carrier.name, carrier.displayName)),
  );
  catalogueFiles(
    app,
    '/guides',
    (carrier) => carrier.guideDocument,
    async (reply, carrier, file) => {
      const pdf = await carrierGuidePdf(carrierGuide(carrier, currentCarriers()), new Date());
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(pdf));
    },
  );
}
