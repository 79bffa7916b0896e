/**
 * The state check of every application path (state-refusal.ts, issue 20, ADR 150 and 330): the
 * messages are the data file's, and a fast-check property over random licences, approved lists
 * and states: refused exactly when unlicensed (licence first) or outside a non-empty approved list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import messages from '../../../server/config/state-refusal-messages.json' with { type: 'json' };
import { STATE_CODES } from '../../../server/services/state-codes.ts';
import {
  documentState,
  NOT_APPROVED_STATE_MESSAGE,
  NOT_LICENSED_MESSAGE,
  stateRefusal,
} from '../../../server/services/state-refusal.ts';

describe('stateRefusal', () => {
  it('reads its texts from the data file, in the style of the SPEC §8 licence message', () => {
    expect(NOT_LICENSED_MESSAGE).toBe("Invalid state! Agent don't have license for the given address state.");
    expect(NOT_APPROVED_STATE_MESSAGE).toBe(
      'Invalid state! Agency is not approved for the given address state.',
    );
    expect(messages).toEqual({
      not_licensed: NOT_LICENSED_MESSAGE,
      not_approved_state: NOT_APPROVED_STATE_MESSAGE,
    });
  });

  it('refuses exactly the unlicensed (first) and the unapproved states of a restricted agency (property)', () => {
    const code = fc.constantFrom(...STATE_CODES);
    fc.assert(
      fc.property(fc.uniqueArray(code), fc.uniqueArray(code), code, (licensed, approved, state) => {
        const refusal = stateRefusal(licensed, approved, state);
        if (!licensed.includes(state)) expect(refusal).toBe(NOT_LICENSED_MESSAGE);
        else if (approved.length > 0 && !approved.includes(state))
          expect(refusal).toBe(NOT_APPROVED_STATE_MESSAGE);
        else expect(refusal).toBeNull();
        // Approving every licensed state never refuses a licensed one.
        expect(stateRefusal(licensed, licensed, state) === null).toBe(licensed.includes(state));
      }),
    );
  });

  it("reads a document's state upper case, '' when it has none", () => {
    expect(documentState({ state: ' fl ' })).toBe('FL');
    expect(documentState({ state: null })).toBe('');
    expect(documentState({})).toBe('');
  });
});
