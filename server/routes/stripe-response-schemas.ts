/**
 * JSON Schema of the `data` Stripe's webhook endpoint answers (SPEC §2 plans, server/routes/plan-routes.ts),
 * keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts it in the success envelope
 * (docs/decisions/340-openapi-document-from-route-data.md).
 */

/** `data` of POST /api/stripe/webhook (stripe-events-service.ts StripeEventOutcome). */
export const STRIPE_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/stripe/webhook': {
    type: 'object',
    required: ['duplicate', 'company_id'],
    properties: {
      duplicate: { type: 'boolean', description: 'True for an event id applied before: nothing changed.' },
      company_id: {
        type: ['integer', 'null'],
        description: 'The company the event changed; null when it changes none of ours.',
      },
    },
  },
};
