/**
 * carrier-catalogue/* (issue 43, docs/decisions/772-carrier-catalogue-versions.md): the super-admin's
 * carrier page, and the public part of the catalogue in use every worker's carrier pickers read
 * (carriers: admins and agents too, customers 403). get answers the latest version, every version and each connection's health; check
 * answers a draft's problems and the connections it changes; test-connection tests one connection
 * of a draft with a company's credentials; publish stores the draft as the next version, which every
 * server process then quotes with. Super-admins only (403).
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { LiveConnectors } from '../quoting/http/live-connectors.ts';
import {
  carrierCatalogueOverview,
  checkCatalogueDraft,
  publishCatalogueDraft,
  testDraftConnection,
} from '../services/carrier-catalogue-service.ts';
import { publicCarrierCatalogue } from '../services/public-carriers.ts';
import { idSchema, sessionBodySchema } from './request-schemas.ts';
import { idOf, sessionRoute } from './session-route.ts';

/** A draft catalogue: any object here; its checks answer its problems by path. */
const draftSchema = {
  type: 'object',
  description: 'The whole carriers document (the shape of carriers.json), as edited.',
} as const;
const connectionId = { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 80 } as const;

export const catalogueGetBodySchema = sessionBodySchema({}, []);
export const catalogueCarriersBodySchema = sessionBodySchema({}, []);
export const catalogueCheckBodySchema = sessionBodySchema({ catalogue: draftSchema }, ['catalogue']);
export const catalogueTestBodySchema = sessionBodySchema(
  { catalogue: draftSchema, connection_id: connectionId, company_id: idSchema },
  ['catalogue', 'connection_id', 'company_id'],
);
export const cataloguePublishBodySchema = sessionBodySchema(
  {
    catalogue: draftSchema,
    note: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      description: 'Why this version: the history shows it.',
    },
    based_on: {
      type: 'integer',
      minimum: 1,
      description: 'The version the draft was made from; 409 when another was published since.',
    },
  },
  ['catalogue', 'note', 'based_on'],
);

/** Registers carrier-catalogue/get, /carriers, /check, /test-connection and /publish. */
export async function carrierCatalogueRoutes(
  app: FastifyInstance,
  options: { db: Executor; live: LiveConnectors; origins: Record<string, string> },
) {
  const { db, live, origins } = options;
  const route = sessionRoute(app, db, 'carrier-catalogue');

  route('carrier-catalogue/get', catalogueGetBodySchema, async (request) =>
    success('Carrier catalogue.', await carrierCatalogueOverview(db, actorOf(request))),
  );

  route('carrier-catalogue/carriers', catalogueCarriersBodySchema, async (request) =>
    success('Carriers.', publicCarrierCatalogue(actorOf(request))),
  );

  route('carrier-catalogue/check', catalogueCheckBodySchema, async (request) => {
    const { catalogue } = request.body;
    const checked = await checkCatalogueDraft(db, actorOf(request), catalogue);
    const message =
      checked.problems.length > 0
        ? `The draft has ${checked.problems.length} ${checked.problems.length === 1 ? 'problem' : 'problems'}.`
        : 'The draft passes its checks.';
    return success(message, checked);
  });

  route('carrier-catalogue/test-connection', catalogueTestBodySchema, async (request) => {
    const body = request.body;
    const tested = await testDraftConnection(
      db,
      actorOf(request),
      idOf(body.company_id),
      body.catalogue,
      body.connection_id,
      live,
      origins,
    );
    const message = tested.test.answer
      ? `The carrier answered: ${tested.test.answer.status}.`
      : `The test failed: ${tested.test.error}`;
    return success(message, tested);
  });

  route('carrier-catalogue/publish', cataloguePublishBodySchema, async (request) => {
    const body = request.body;
    const published = await publishCatalogueDraft(db, actorOf(request), {
      catalogue: body.catalogue,
      note: body.note,
      basedOn: body.based_on,
    });
    return success(`Version ${published.version} is published.`, published);
  });
}
