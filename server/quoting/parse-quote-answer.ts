import { Ajv2020 } from 'ajv/dist/2020.js';
import quoteAnswerSchema from './quote-answer.schema.json' with { type: 'json' };
import type { QuoteAnswer } from './types.ts';

const validate = new Ajv2020({ allErrors: false }).compile<QuoteAnswer>(quoteAnswerSchema);

/** Start of the message recorded for an answer that is not a QuoteAnswer. */
export const INVALID_ANSWER_MESSAGE = "The carrier's answer is not a valid quote";

/**
 * `value` as a QuoteAnswer when it matches quote-answer.schema.json; otherwise throws
 * `Error("The carrier's answer is not a valid quote: <first problem>.")`, e.g.
 * `...: answer/premium must be number.`, which the quote worker records as the carrier's error.
 * Issue 5 carrier faults, docs/decisions/104-injectable-connectors-and-checked-answers.md.
 */
export function parseQuoteAnswer(value: unknown): QuoteAnswer {
  if (validate(value)) return value;
  const [first] = validate.errors ?? [];
  const where = `answer${first?.instancePath ?? ''}`;
  throw new Error(`${INVALID_ANSWER_MESSAGE}: ${where} ${first?.message ?? 'is invalid'}.`);
}
