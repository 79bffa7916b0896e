/**
 * A local stand-in for the parts of Stripe's API the portal calls (docs.stripe.com/api):
 * POST /v1/checkout/sessions, POST /v1/billing_portal/sessions and GET /v1/subscriptions/{id}.
 * Records each request (method, path, bearer key, form fields as Stripe's client encodes them,
 * e.g. `line_items[0][price]`) and answers with the documented object shapes; the session URLs
 * point back at this server (GET /c/pay/{id}, /p/session/{id} serve a small page), so a browser
 * that follows them never leaves the machine. `failing` answers 500 with Stripe's error shape.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  apiKey: string;
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: STRIPE_API_BASE_URL for the server. */
  url: string;
  requests: FakeStripeRequest[];
  /** Price id of the subscription GET /v1/subscriptions/{id} answers. */
  subscriptionPrice: string;
  failing: boolean;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeStripe(): Promise<FakeStripe> {
  let count = 0;
  const fake: FakeStripe = {
    url: '',
    requests: [],
    subscriptionPrice: 'price_starter_test',
    failing: false,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const path = request.url ?? '';
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && /^\/(c\/pay|p\/session)\//.test(path)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><title>Fake Stripe</title><main><h1>Fake Stripe page</h1></main></html>',
      );
      return;
    }
    const text = await readBody(request);
    fake.requests.push({
      method: request.method ?? '',
      path,
      apiKey: String(request.headers.authorization ?? '').replace(/^Bearer /, ''),
      form: Object.fromEntries(new URLSearchParams(text)),
    });
    if (fake.failing) {
      json(500, { error: { type: 'api_error', message: 'Fake Stripe is down.' } });
      return;
    }
    count++;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${count}`;
      json(200, { id, object: 'checkout.session', mode: 'subscription', url: `${fake.url}/c/pay/${id}` });
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_test_${count}`;
      json(200, { id, object: 'billing_portal.session', url: `${fake.url}/p/session/${id}` });
    } else if (request.method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      const id = path.slice('/v1/subscriptions/'.length);
      json(200, {
        id,
        object: 'subscription',
        status: 'active',
        items: {
          object: 'list',
          data: [{ id: 'si_test_1', object: 'subscription_item', price: { id: fake.subscriptionPrice } }],
        },
      });
    } else {
      json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
