/**
 * The docs' claims as tests (issue 45): every request and answer example of docs/api.md and
 * docs/api-accounts.md that names its answer's `data` is sent to the server and its answer checked
 * against the text (status success, and each key the docs name is there), and every row of the
 * error table is provoked and its status and message checked. The examples are read from the docs
 * (documented-examples.ts), so a call documented without a request here fails the suite until it
 * gets one or a reason in NOT_SENT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { type CallResult, startTestApp, type TestApp } from '../server/helpers/test-app.ts';
import { type DocumentedCall, documentedCalls, documentedErrors } from './documented-examples.ts';

const DOCS = ['api.md', 'api-accounts.md'];
const calls = DOCS.flatMap(documentedCalls);
const errors = DOCS.flatMap(documentedErrors);

let t: TestApp;
const keys: Record<string, string> = {};
/** Ids the requests reuse: the seeded new and completed applications, and what earlier examples made. */
const made: Record<string, number> = {};
/** The catalogue carrier-catalogue/get answered, which check and publish send back unchanged. */
const catalogue: { latest?: Body } = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['superadmin', 'admin', 'agent', 'customer', 'otheragent'])
    keys[who] = await t.loginAs(`${who}@demo.test`);
  [made.fresh, made.done] = t.seed.applicationIds ?? [];
  made.agentUser = (await t.post('auth/me', { session_key: keys.agent })).body.data.user.id;
  made.customerUser = (await t.post('auth/me', { session_key: keys.customer })).body.data.user.id;
});
afterAll(() => t?.close());

type Who = 'superadmin' | 'admin' | 'agent' | 'customer' | 'switched' | 'open';
type Body = Record<string, unknown>;

async function send(call: string, as: Who, body: Body): Promise<CallResult> {
  return t.post(call, as === 'open' ? body : { session_key: keys[as], ...body });
}

/** A new application of the demo agent, in `state` and of `application_type` (default flood). */
async function newApplication(state = 'FL', applicationType = 'flood'): Promise<CallResult> {
  return send('agent-portal/create-new-application', 'agent', {
    address: { ...MIAMI, state },
    application_type: applicationType,
  });
}

/** A quoted quote of the seeded completed application. */
async function quotedQuote(): Promise<{ id: number; carrier: string }> {
  const application = (
    await send('agent-portal/get-application-by-id', 'agent', { application_id: made.done })
  ).body.data.application;
  return application.quotes.find((quote: { status: string }) => quote.status === 'quoted');
}

const CSV = Buffer.from('address1,city,state,zip\n1700 Convention Center Dr,Miami Beach,FL,33139\n').toString(
  'base64',
);
/** A 1x1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const RANGE = { from: '2026-01-01', to: '2026-12-31' };
const QUOTE_EMAIL = { subject: 'Your flood quotes', message: 'The quotes we found.' };

/**
 * How each documented call is sent: who calls, with what body (the session key is added), and what
 * later requests keep from the answer.
 */
const REQUESTS: Record<string, { as: Who; body: () => Body | Promise<Body>; keep?: (data: Body) => void }> = {
  'auth/login': { as: 'open', body: () => ({ email: 'agent@demo.test', password: 'demo1234' }) },
  'auth/me': { as: 'agent', body: () => ({}) },
  'agent-portal/get-agent-applications-list': { as: 'agent', body: () => ({}) },
  'agent-portal/get-application-by-id': { as: 'agent', body: () => ({ application_id: made.fresh }) },
  'agent-portal/get-schema-set': { as: 'agent', body: () => ({}) },
  'agent-portal/create-new-application': { as: 'agent', body: () => ({ address: MIAMI }) },
  'agent-portal/update-application': {
    as: 'agent',
    body: () => ({ application_id: made.fresh, address_details: { first_name: 'Dana' } }),
  },
  'agent-portal/launch-application': {
    as: 'agent',
    body: async () => ({
      application_id: (await newApplication()).body.data.application.id,
      address_details: examples.primary,
    }),
  },
  'agent-portal/delete-application-by-id': {
    as: 'agent',
    body: async () => ({
      application_id: (await newApplication()).body.data.application.id,
      delete_all_related_applications: false,
    }),
  },
  'address/zip-lookup': { as: 'agent', body: () => ({ zip: '33139' }) },
  'reporting/get-report': { as: 'admin', body: () => RANGE },
  'reporting/start-export': {
    as: 'admin',
    body: () => ({ ...RANGE, columns: ['reference', 'created_at', 'status'] }),
    keep: (data) => {
      made.export = (data.export as { id: number }).id;
    },
  },
  'reporting/get-export': { as: 'admin', body: () => ({ export_id: made.export }) },
  'reporting/get-analytics': { as: 'admin', body: () => RANGE },
  'commission/list-rates': { as: 'admin', body: () => ({}) },
  'commission/set-rate': {
    as: 'admin',
    body: async () => ({
      carrier: (await quotedQuote()).carrier,
      product: 'Primary',
      new_business_percent: 12.5,
      renewal_percent: 10,
    }),
  },
  'commission/bind-quote': {
    as: 'admin',
    body: async () => ({
      application_id: made.done,
      quote_id: (await quotedQuote()).id,
      policy_number: 'DOCS-1',
      effective_date: '2026-12-01',
      premium: 1000,
      business: 'new',
    }),
    keep: (data) => {
      made.line = (data.bound_policy as { id: number }).id;
    },
  },
  'commission/unbind': { as: 'admin', body: () => ({ id: made.line }) },
  'commission/get-statement': { as: 'admin', body: () => RANGE },
  'commission/set-paid': { as: 'admin', body: () => ({ ids: [made.line], paid: true }) },
  'resources/list': { as: 'agent', body: () => ({ kind: 'carrier_document' }) },
  'resources/create': {
    as: 'superadmin',
    body: async () => ({
      kind: 'carrier_document',
      title: 'Docs guide',
      carrier: (await quotedQuote()).carrier,
      url: 'https://example.com/guide.pdf',
    }),
    keep: (data) => {
      made.resource = (data.resource as { id: number }).id;
    },
  },
  'resources/record-view': { as: 'agent', body: () => ({ id: made.resource, seconds_watched: 5 }) },
  'price-predictor/get-model': { as: 'agent', body: () => ({}) },
  'price-predictor/predict': { as: 'agent', body: () => ({ product: 'Primary', inputs: {} }) },
  'price-predictor/inputs-from-application': { as: 'agent', body: () => ({ application_id: made.done }) },
  'price-predictor/refit': { as: 'admin', body: () => ({}) },
  'texting/list-conversations': { as: 'agent', body: () => ({}) },
  'texting/get-conversation': {
    as: 'agent',
    body: async () => ({
      conversation_id: (await send('texting/send-message', 'agent', { to: '(305) 555-0100', body: 'Hello' }))
        .body.data.conversation_id,
    }),
  },
  'texting/send-message': {
    as: 'agent',
    body: () => ({ to: '(305) 555-0101', body: 'Your quotes are ready.' }),
  },
  'property-data/autocomplete': { as: 'agent', body: () => ({ search: '1700 Convention' }) },
  'property-data/verify-address': {
    as: 'agent',
    body: () => ({ address: { address1: MIAMI.address1, city: MIAMI.city, state: 'FL', zip: MIAMI.zip } }),
  },
  'property-data/lookup': { as: 'agent', body: () => ({ application_id: made.fresh }) },
  'property-data/prefill-status': { as: 'agent', body: () => ({ application_id: made.fresh }) },
  'services/file-upload/preview-application-file': {
    as: 'agent',
    body: () => ({ file_name: 'book.csv', content_base64: CSV, product: 'Primary' }),
  },
  'services/file-upload/create-application': {
    as: 'agent',
    body: async () => {
      const file = { file_name: 'book.csv', content_base64: CSV, product: 'Primary' };
      const preview = await send('services/file-upload/preview-application-file', 'agent', file);
      return { ...file, mapping: preview.body.data.mapping };
    },
    keep: (data) => {
      made.upload = (data.upload as { id: number }).id;
    },
  },
  'services/file-upload/get-upload': { as: 'agent', body: () => ({ upload_id: made.upload }) },
  'services/file-upload/list-uploads': { as: 'agent', body: () => ({}) },
  'agent-portal/get-quote-email-templates': { as: 'agent', body: () => ({ application_id: made.done }) },
  'agent-portal/preview-quote-email': {
    as: 'agent',
    body: async () => ({ application_id: made.done, quote_ids: [(await quotedQuote()).id], ...QUOTE_EMAIL }),
  },
  'agent-portal/send-quote': {
    as: 'agent',
    body: async () => ({
      application_id: made.done,
      document: 'market-breakdown',
      quote_ids: [(await quotedQuote()).id],
      email: 'client@example.com',
      ...QUOTE_EMAIL,
    }),
  },
  'customer-portal/get-my-applications': { as: 'customer', body: () => ({}) },
  'customer-portal/contact-agent': {
    as: 'customer',
    body: async () => ({
      application_id: (await send('customer-portal/get-my-applications', 'customer', {})).body.data
        .applications[0].id,
      message: 'Please call me about the quotes.',
    }),
  },
  'agent-portal/get-application-clients': { as: 'agent', body: () => ({ application_id: made.fresh }) },
  'agent-portal/create-contact': {
    as: 'agent',
    body: () => CONTACT,
    keep: (data) => {
      made.contact = (data.contact as { id: number }).id;
    },
  },
  'agent-portal/get-contact': { as: 'agent', body: () => ({ contact_id: made.contact }) },
  'agent-portal/update-contact': {
    as: 'agent',
    body: () => ({ ...CONTACT, contact_id: made.contact, last_name: 'Docs-Example' }),
  },
  'config/public': { as: 'open', body: () => ({}) },
  'auth/switch-user': {
    as: 'superadmin',
    body: () => ({ user_id: made.agentUser }),
    keep: (data) => {
      keys.switched = String(data.session_key);
    },
  },
  'auth/switch-back': { as: 'switched', body: () => ({ previous_session_key: keys.superadmin }) },
  'profile/update-settings': { as: 'agent', body: () => ({ user_settings: { default_per_page: 25 } }) },
  'users/list': { as: 'admin', body: () => ({}) },
  'users/get': { as: 'admin', body: () => ({ user_id: made.agentUser }) },
  'users/create': {
    as: 'admin',
    body: () => ({ ...NEW_USER, email: 'dana.docs@example.com' }),
    keep: (data) => {
      made.user = (data.user as { id: number }).id;
    },
  },
  'users/update': { as: 'admin', body: () => ({ user_id: made.user, name: 'Dana Docs-Example' }) },
  'users/delete': {
    as: 'admin',
    body: async () => ({
      user_id: (await send('users/create', 'admin', { ...NEW_USER, email: 'gone.docs@example.com' })).body
        .data.user.id,
    }),
  },
  'users/assign-agent': {
    as: 'admin',
    body: () => ({ customer_user_id: made.customerUser, agent_id: t.seed.agentId }),
  },
  'users/revoke-sessions': { as: 'admin', body: () => ({ user_id: made.user }) },
  'users/reset-mfa': { as: 'admin', body: () => ({ user_id: made.user }) },
  'companies/list': { as: 'superadmin', body: () => ({}) },
  'companies/get': { as: 'admin', body: () => ({ company_id: t.seed.companyId }) },
  'companies/create': {
    as: 'superadmin',
    body: () => ({ name: 'Docs Example Agency' }),
    keep: (data) => {
      made.company = (data.company as { id: number }).id;
    },
  },
  'companies/update': { as: 'superadmin', body: () => ({ company_id: made.company, name: 'Docs Agency' }) },
  'companies/change-plan': { as: 'superadmin', body: () => ({ company_id: made.company, plan_id: 'pro' }) },
  'companies/set-approved-states': {
    as: 'superadmin',
    body: () => ({ company_id: made.company, approved_states: ['FL'] }),
  },
  'companies/set-logo': {
    as: 'admin',
    body: () => ({ company_id: t.seed.companyId, logo: { content_base64: PNG, content_type: 'image/png' } }),
  },
  'plans/list': { as: 'admin', body: () => ({}) },
  'portal-settings/preview-template': {
    as: 'admin',
    body: () => ({ kind: 'sms', body: 'Hello {{first_name}}, your quotes are ready.' }),
  },
  'portal-settings/list-webhook-deliveries': { as: 'admin', body: () => ({}) },
  'portal-settings/list-outbox': { as: 'admin', body: () => ({ status: 'failed', per_page: 10 }) },
  'api-credentials/list': { as: 'admin', body: () => ({}) },
  'api-credentials/create': {
    as: 'admin',
    body: () => ({ name: 'Docs example' }),
    keep: (data) => {
      made.credential = (data.credential as { id: number }).id;
    },
  },
  'api-credentials/update': {
    as: 'admin',
    body: () => ({ credential_id: made.credential, name: 'Renamed' }),
  },
  'api-credentials/rotate': { as: 'admin', body: () => ({ credential_id: made.credential }) },
  'api-credentials/revoke': { as: 'admin', body: () => ({ credential_id: made.credential }) },
  'carrier-catalogue/get': {
    as: 'superadmin',
    body: () => ({}),
    keep: (data) => {
      catalogue.latest = data.catalogue as Body;
      made.catalogueVersion = data.version as number;
    },
  },
  'carrier-catalogue/carriers': { as: 'agent', body: () => ({}) },
  'carrier-catalogue/check': { as: 'superadmin', body: () => ({ catalogue: catalogue.latest }) },
  'carrier-catalogue/publish': {
    as: 'superadmin',
    body: () => ({ catalogue: catalogue.latest, note: 'Docs example', based_on: made.catalogueVersion }),
  },
};

/** Documented calls not sent here, each with why. */
const NOT_SENT: Record<string, string> = {
  'customer-portal/quote-view': 'its token is only in the e-mail a sent quote link carries',
  'plans/change-plan': 'needs Stripe keys to answer a checkout link',
  'carrier-catalogue/test-connection':
    "it asks a carrier's API; tests/server/carriers/carrier-catalogue.test.ts sends it to the fake carrier",
  'resources/upload-video':
    "its body is the file's bytes, not JSON; tests/server/resources-video.test.ts sends it",
};

const CONTACT = {
  owned_type: 'Individual Owned',
  first_name: 'Dana',
  last_name: 'Docs',
  phone: '(305) 555-0100',
  email: 'dana@mail.test',
};
const NEW_USER = { name: 'Dana Docs', password: 'docs-password-1', role: 'agent', licensed_states: ['FL'] };

/** The keys the docs name that the answer's `data` lacks (optional ones, `key?`, may be absent). */
function missingKeys(documented: DocumentedCall, data: Record<string, unknown>): string[] {
  return documented.keys.filter((key) => !key.endsWith('?') && !(key in data));
}

/** The keys of the answer's `data` that docs spelling `data` out whole do not name. */
function unnamedKeys(documented: DocumentedCall, data: Record<string, unknown>): string[] {
  const named = new Set(documented.keys.map((key) => key.replace(/\?$/, '')));
  return Object.keys(data).filter((key) => !named.has(key));
}

describe('the request and answer examples of the docs', () => {
  it('reads the examples from the docs', () => {
    expect(calls.length).toBeGreaterThan(70);
    expect(errors.length).toBeGreaterThan(10);
  });

  it('sends every documented call, or says why not', () => {
    const documented = new Set(calls.map((call) => call.call));
    expect([...documented].filter((call) => !(call in REQUESTS) && !(call in NOT_SENT))).toEqual([]);
    expect(
      [...Object.keys(REQUESTS), ...Object.keys(NOT_SENT)].filter((call) => !documented.has(call)),
    ).toEqual([]);
  });

  const sent = calls.filter((documented) => documented.call in REQUESTS);
  it.each(sent.map((documented) => [`${documented.doc}:${documented.line} ${documented.call}`, documented]))(
    '%s answers what the docs say',
    async (_name, documented) => {
      const request = REQUESTS[documented.call];
      const result = await send(documented.call, request.as, await request.body());
      expect(result.statusCode, result.body.message).toBe(200);
      expect(result.body.status).toBe('success');
      expect(missingKeys(documented, result.body.data), 'keys the docs name').toEqual([]);
      if (documented.whole)
        expect(unnamedKeys(documented, result.body.data), 'keys the docs leave out').toEqual([]);
      request.keep?.(result.body.data);
    },
  );
});

/** A documented message as a pattern: `<placeholder>` stands for any text, `...` for the rest. */
function messagePattern(message: string): RegExp {
  const parts = message.split(/(<[^>]+>|\.\.\.)/).map((part) => {
    if (part === '...') return '.*';
    if (part.startsWith('<')) return '.+?';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** A body `depth` objects deep. */
function nested(depth: number): Record<string, unknown> {
  return depth === 0 ? {} : { a: nested(depth - 1) };
}

/** A block question of the outcome table the Primary example is judged by. */
const primaryBlock = (() => {
  const doc = examples.primary;
  const table = schemaSet.outcome_tables.find((one) =>
    evaluateLogic(one.when, { doc, ctx: exampleContexts.primary }),
  );
  const block = table?.questions.find((question) => question.outcome === 'block');
  if (!block) throw new Error('no block question for the Primary example');
  return block;
})();

/**
 * How each row of the error table is provoked, by the start of its case; `message` checks the
 * answer where the docs give no literal message.
 */
const PROVOKED: Record<
  string,
  { answer: () => Promise<CallResult>; message?: (result: CallResult) => void }
> = {
  'body fails its JSON Schema': {
    answer: () => send('agent-portal/get-application-by-id', 'agent', { application_id: 'one' }),
  },
  'body nested more than 32 levels deep': {
    answer: () => send('agent-portal/get-schema-set', 'agent', nested(40)),
  },
  'URL that is not percent-encoded UTF-8': {
    answer: async () => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/%E0%A4%A', payload: {} });
      return { statusCode: answer.statusCode, body: answer.json(), headers: answer.headers };
    },
  },
  'missing session_key': { answer: () => t.post('agent-portal/get-schema-set', {}) },
  'unknown, expired or revoked session_key': {
    answer: () => t.post('agent-portal/get-schema-set', { session_key: 'not-a-session' }),
  },
  'not allowed': {
    answer: () =>
      t.post('agent-portal/get-application-by-id', {
        session_key: keys.otheragent,
        application_id: made.fresh,
      }),
  },
  'agent not licensed in the address state': { answer: () => newApplication('CA') },
  'agency not approved for the address state': {
    answer: async () => {
      const company = { company_id: t.seed.companyId };
      const approved = (await send('companies/get', 'superadmin', company)).body.data.company.approved_states;
      await send('companies/set-approved-states', 'superadmin', { ...company, approved_states: ['FL'] });
      try {
        return await newApplication('TX');
      } finally {
        await send('companies/set-approved-states', 'superadmin', { ...company, approved_states: approved });
      }
    },
  },
  'launch of a home application': {
    answer: async () => {
      const home = (await newApplication('FL', 'home')).body.data.application;
      return send('agent-portal/launch-application', 'agent', {
        application_id: home.id,
        address_details: {},
      });
    },
  },
  'launch with invalid data': {
    answer: async () =>
      send('agent-portal/launch-application', 'agent', {
        application_id: (await newApplication()).body.data.application.id,
        address_details: {},
      }),
    message: (result) => {
      const [first] = Object.values(result.body.error_obj);
      expect(result.body.message).toBe(first);
      expect(result.body.data.messages.length).toBeGreaterThanOrEqual(
        Object.keys(result.body.error_obj).length,
      );
    },
  },
  'launch stopped by an underwriting block': {
    answer: async () => {
      const doc = structuredClone(examples.primary);
      doc[primaryBlock.field] = primaryBlock.when_answer;
      const { id } = (await newApplication()).body.data.application;
      return send('agent-portal/launch-application', 'agent', { application_id: id, address_details: doc });
    },
    message: (result) => {
      expect(result.body.message).toBe(primaryBlock.message);
      expect(result.body.data.outcomes).toContainEqual(
        expect.objectContaining({ question_id: primaryBlock.id, outcome: 'block' }),
      );
    },
  },
  'update or launch when status is not new': {
    answer: () =>
      send('agent-portal/update-application', 'agent', { application_id: made.done, address_details: {} }),
  },
  'update with a stale `version`': {
    answer: async () => {
      const { id, version } = (await newApplication()).body.data.application;
      await send('agent-portal/update-application', 'agent', {
        application_id: id,
        address_details: {},
        version,
      });
      const stale = await send('agent-portal/update-application', 'agent', {
        application_id: id,
        address_details: {},
        version,
      });
      expect(stale.body.data.application.version).toBe(version + 1);
      return stale;
    },
  },
  'login failed': {
    answer: () => t.post('auth/login', { email: 'agent@demo.test', password: 'wrong-password' }),
  },
  'too many login attempts': {
    answer: async () => {
      let result = await t.post('auth/login', { email: 'expired@demo.test', password: 'wrong-password' });
      for (let attempt = 0; attempt < 10 && result.statusCode !== 429; attempt++)
        result = await t.post('auth/login', { email: 'expired@demo.test', password: 'wrong-password' });
      return result;
    },
  },
};

describe('the error table of docs/api.md', () => {
  const provokerOf = (text: string) => Object.keys(PROVOKED).find((start) => text.startsWith(start));
  const provoked = errors.filter((row) => provokerOf(row.case));
  it.each(provoked.map((row) => [`${row.doc}:${row.line} ${row.case}`, row]))(
    '%s answers the documented status and message',
    async (_name, row) => {
      const provoker = PROVOKED[provokerOf(row.case) as string];
      const result = await provoker.answer();
      expect(row.codes, result.body.message).toContain(result.statusCode);
      expect(result.body.status).toBe('error');
      if (provoker.message) provoker.message(result);
      else expect(result.body.message).toMatch(messagePattern(row.message));
    },
  );

  it('provokes every row', () => {
    const rows = errors.map((row) => row.case);
    expect(rows.filter((text) => !provokerOf(text))).toEqual([]);
    for (const start of Object.keys(PROVOKED))
      expect(
        rows.some((text) => text.startsWith(start)),
        start,
      ).toBe(true);
  });
});
