/**
 * `required_when` (issue 10 part 4): an optional field becomes required while its condition holds,
 * in validation (rule_id `required:<field>`) and in isRequired (the form's marker), and only then.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet, SchemaSetError } from '../../engine/compile-schema-set.ts';
import { isRequired } from '../../engine/is-required.ts';
import type { Doc } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { basicSet, mainCtx } from './fixtures/basic-set.ts';

const set = basicSet();
// note_text is optional in the main form; required while flag is true.
set.required_when = { note_text: { '==': [{ var: 'doc.flag' }, true] } };
const compiled = compileSchemaSet(set);

const requiredNote = (doc: Doc) =>
  validateDocument(compiled, doc, mainCtx).some((message) => message.rule_id === 'required:note_text');

describe('required_when', () => {
  it('requires the field exactly while the condition holds', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom(null, '', '  ', 'written'), (flag, note) => {
        const doc: Doc = { flag, note_text: note };
        const empty = note === null || note.trim() === '';
        expect(isRequired(compiled, 'note_text', doc, mainCtx)).toBe(flag);
        expect(requiredNote(doc)).toBe(flag && empty);
      }),
    );
  });

  it('gives the required message of the field', () => {
    const message = validateDocument(compiled, { flag: true }, mainCtx).find((m) => m.field === 'note_text');
    expect(message).toMatchObject({ rule_id: 'required:note_text', message: 'Note is required' });
  });

  it('refuses an unknown field or an unknown name in its condition', () => {
    const unknownField = basicSet();
    unknownField.required_when = { nothing_here: true };
    expect(() => compileSchemaSet(unknownField)).toThrow(SchemaSetError);
    const unknownName = basicSet();
    unknownName.required_when = { note_text: { '==': [{ var: 'doc.flagg' }, true] } };
    expect(() => compileSchemaSet(unknownName)).toThrow(
      /required_when of "note_text": unknown field "flagg"/,
    );
  });
});
