import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { launchTargets } from '../../server/quoting/launch-targets.ts';
import { INVALID_ANSWER_MESSAGE, parseQuoteAnswer } from '../../server/quoting/parse-quote-answer.ts';
import { createSandboxConnector } from '../../server/quoting/sandbox-connector.ts';
import { garbageAnswer, validAnswer } from './quote-answer-arbitraries.ts';
import { contextFor, primaryDocument } from './sample-documents.ts';

describe('parseQuoteAnswer', () => {
  it('accepts every sandbox answer, quoted or declined', async () => {
    const instant = createSandboxConnector({ latencyMs: () => 0 });
    const ctx = contextFor('Primary');
    const answers = await Promise.all(
      launchTargets({ ...primaryDocument, flood_zone: 'VE' }, ctx).map((target) =>
        instant.quote(
          { target, document: { ...primaryDocument, flood_zone: 'VE' }, ctx },
          new AbortController().signal,
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set(['quoted', 'declined']));
    for (const answer of answers) expect(parseQuoteAnswer(answer)).toBe(answer);
  });

  it('returns any valid answer as it is', () => {
    fc.assert(fc.property(validAnswer, (answer) => parseQuoteAnswer(answer) === answer));
  });

  it('refuses any garbage with a message naming the first problem', () => {
    fc.assert(
      fc.property(garbageAnswer, (garbage) => {
        expect(() => parseQuoteAnswer(garbage)).toThrow(
          new RegExp(`^${INVALID_ANSWER_MESSAGE}: answer\\S* .+\\.$`),
        );
      }),
    );
  });

  it('says where the answer is wrong', () => {
    const quoted = {
      status: 'quoted',
      premium: 812.5,
      coverages: { building_limit: 250000 },
      benefits: [],
      message: null,
      indicative: true,
    };
    expect(() => parseQuoteAnswer('<html>Bad Gateway</html>')).toThrow(
      `${INVALID_ANSWER_MESSAGE}: answer must be object.`,
    );
    expect(() => parseQuoteAnswer({ ...quoted, premium: -1 })).toThrow(
      `${INVALID_ANSWER_MESSAGE}: answer/premium must be > 0.`,
    );
    expect(() => parseQuoteAnswer({ ...quoted, premium: '812.50' })).toThrow(
      `${INVALID_ANSWER_MESSAGE}: answer/premium must be number.`,
    );
    expect(() => parseQuoteAnswer({ ...quoted, status: 'error', premium: null })).toThrow(
      `${INVALID_ANSWER_MESSAGE}: answer/message must be string.`,
    );
    const { indicative: _gone, ...incomplete } = quoted;
    expect(() => parseQuoteAnswer(incomplete)).toThrow(
      `${INVALID_ANSWER_MESSAGE}: answer must have required property 'indicative'.`,
    );
  });
});
