/**
 * JSON Schemas of the `data` the price predictor calls answer (docs/api.md Price predictor, issue
 * 15; docs/decisions/201-price-predictor.md), keyed by `<METHOD> <route url>`;
 * server/http/openapi-answers.ts puts each in the success envelope of its operation. Premiums in
 * whole dollars per year (docs/decisions/340-openapi-document-from-route-data.md).
 */
import { timestamp } from './application-response-schemas.ts';

const count = { type: 'integer', minimum: 0 } as const;
const inputValue = { type: ['string', 'number', 'null'] } as const;
const option = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: ['string', 'number'] }, label: { type: 'string' } },
} as const;
const fraction = (description: string) => ({ type: ['number', 'null'], minimum: 0, description });

/** Each configured input's value: a zone text, a number (dollars, feet, year), or null when not known. */
const riskInputsSchema = {
  type: 'object',
  additionalProperties: inputValue,
  description: 'Value by input name (server/price-predictor/predictor-config.ts); null when not known.',
} as const;

/** A premium range (price-model.ts PredictedRange). */
const rangeSchema = {
  type: ['object', 'null'],
  required: ['low', 'median', 'high'],
  properties: {
    low: { type: 'number', description: 'Whole dollars per year.' },
    median: { type: 'number', description: 'Whole dollars per year.' },
    high: { type: 'number', description: 'Whole dollars per year.' },
  },
} as const;

/** The model's error measured on held-out applications (price-model.ts ModelAccuracy). */
const accuracy = {
  type: 'object',
  required: ['evaluated', 'unpredicted', 'median_absolute_percentage_error', 'range_coverage'],
  properties: {
    evaluated: { ...count, description: 'Held-out quotes predicted.' },
    unpredicted: { ...count, description: 'Held-out quotes without enough comparables.' },
    median_absolute_percentage_error: fraction(
      'Median absolute percentage error of the middle estimate (0.12 = 12%).',
    ),
    range_coverage: fraction('Share of held-out premiums inside the predicted range, 0..1.'),
  },
} as const;

/** `data` of the price predictor calls, by `<METHOD> <route url>`. */
export const PRICE_PREDICTOR_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/price-predictor/get-model': {
    type: 'object',
    required: ['products', 'inputs', 'model'],
    properties: {
      products: {
        type: 'array',
        description:
          'Every product of the schema set; only those `predicted` get estimates (ADR 761), each with its measured accuracy.',
        items: {
          type: 'object',
          required: ['value', 'label', 'applications', 'predicted', 'accuracy'],
          properties: {
            value: { type: 'string' },
            label: { type: 'string' },
            applications: {
              type: 'integer',
              description: 'Quoted applications of the product in the model.',
            },
            predicted: {
              type: 'boolean',
              description: 'The model holds at least min_comparables applications of the product.',
            },
            accuracy: { anyOf: [accuracy, { type: 'null' }] },
          },
        },
      },
      inputs: {
        type: 'array',
        items: {
          type: 'object',
          required: ['input', 'label', 'kind', 'unit', 'options', 'typical'],
          properties: {
            input: { type: 'string' },
            label: { type: 'string' },
            kind: { type: 'string', enum: ['zone', 'number', 'log-number'] },
            unit: { type: ['string', 'null'] },
            options: {
              type: ['array', 'null'],
              items: option,
              description: "The document field's option list; null for free input.",
            },
            typical: { ...inputValue, description: "The book's typical value; null before the first fit." },
          },
        },
      },
      model: {
        type: ['object', 'null'],
        description: 'The model in use; null before the first fit.',
        required: ['fitted_at', 'quote_count', 'application_count', 'accuracy'],
        properties: {
          fitted_at: timestamp,
          quote_count: count,
          application_count: count,
          accuracy,
        },
      },
    },
  },
  'POST /api/price-predictor/predict': {
    type: 'object',
    required: [
      'status',
      'comparable_applications',
      'comparable_quotes',
      'needed',
      'range',
      'carriers',
      'drivers',
    ],
    properties: {
      status: { type: 'string', enum: ['estimated', 'not-enough-data'] },
      comparable_applications: count,
      comparable_quotes: count,
      needed: { ...count, description: 'Comparable applications needed for an estimate.' },
      range: { ...rangeSchema, description: 'Null with too few comparable applications.' },
      carriers: {
        type: 'array',
        items: {
          type: 'object',
          required: ['carrier', 'display_name', 'comparables', 'range'],
          properties: {
            carrier: { type: 'string' },
            display_name: { type: 'string' },
            comparables: count,
            range: { ...rangeSchema, description: 'Null with too few comparable quotes of the carrier.' },
          },
        },
      },
      drivers: {
        type: 'array',
        description: 'Largest change first.',
        items: {
          type: 'object',
          required: ['input', 'label', 'typical', 'change'],
          properties: {
            input: { type: 'string' },
            label: { type: 'string' },
            typical: { type: ['string', 'number'] },
            change: {
              type: 'number',
              description: 'Middle estimate minus the one with the typical value, whole dollars (signed).',
            },
          },
        },
      },
    },
  },
  'POST /api/price-predictor/inputs-from-application': {
    type: 'object',
    required: ['product', 'inputs', 'searched_address'],
    properties: {
      product: { type: 'string' },
      inputs: riskInputsSchema,
      searched_address: { type: 'string' },
    },
  },
  'POST /api/price-predictor/refit': {
    type: 'object',
    required: ['job_id'],
    properties: { job_id: { type: 'integer', description: 'The queued refit job.' } },
  },
};
