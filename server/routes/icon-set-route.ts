/**
 * GET /api/icons/{prefix}.json?icons=a,b (SPEC §9: "The icon set is served by the product's own
 * endpoint"): the named icons of a set in Iconify JSON (server/services/icon-set.ts), the URL shape
 * of the public icon service the portal falls back to after 500 ms. Open (the sign-in pages have
 * icons too), no body, cached by browsers for a day. 404 for a set not served; 400 for a malformed
 * list. docs/decisions/372-icon-set-endpoint.md.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { envelopeSchema } from '../http/envelope.ts';
import { iconSet, pickIcons } from '../services/icon-set.ts';

/** Icons one request may name (a page asks for its few icons in one call). */
export const MAX_ICONS_PER_CALL = 100;

/** The Iconify JSON the route answers: the set's prefix and the named icons' SVG bodies. */
export const iconJsonSchema = {
  type: 'object',
  required: ['prefix', 'icons'],
  properties: {
    prefix: { type: 'string' },
    icons: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['body'],
        properties: { body: { type: 'string' }, width: { type: 'number' }, height: { type: 'number' } },
      },
    },
    width: { type: 'number' },
    height: { type: 'number' },
    not_found: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** Registers the route on `app`; starts reading the Tabler set, so the first page's icons come within 500 ms. */
export async function iconSetRoute(app: FastifyInstance) {
  void iconSet('tabler');
  app.get<{ Params: { file: string }; Querystring: { icons: string } }>(
    '/api/icons/:file',
    {
      schema: {
        tags: ['utility'],
        params: {
          type: 'object',
          required: ['file'],
          properties: {
            file: {
              type: 'string',
              pattern: '^[a-z0-9]+(-[a-z0-9]+)*\\.json$',
              maxLength: 60,
              examples: ['tabler.json'],
            },
          },
        },
        querystring: {
          type: 'object',
          required: ['icons'],
          properties: {
            icons: {
              type: 'string',
              examples: ['layout-dashboard,upload'],
              pattern: '^[a-z0-9]+(-[a-z0-9]+)*(,[a-z0-9]+(-[a-z0-9]+)*)*$',
              maxLength: 4000,
            },
          },
        },
        response: { 200: iconJsonSchema, default: envelopeSchema },
      },
    },
    async (request, reply) => {
      const prefix = request.params.file.slice(0, -'.json'.length);
      const set = iconSet(prefix);
      if (!set) throw new ApiError(404, 'Unknown icon set.');
      const names = request.query.icons.split(',');
      if (names.length > MAX_ICONS_PER_CALL)
        throw new ApiError(400, `Ask for at most ${MAX_ICONS_PER_CALL} icons at a time.`, {
          icons: `At most ${MAX_ICONS_PER_CALL} icons.`,
        });
      reply.header('cache-control', 'public, max-age=86400');
      return pickIcons(await set, names);
    },
  );
}
