import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { FieldValidator } from '../field-validator.ts';
import { interpretedValidator } from '../interpret-field-schema.ts';
import type { Doc, JsonSchema } from '../types.ts';

const bySchema = new WeakMap<object, FieldValidator | null>();

/** The interpreting validator of an RJSF (sub)schema, made once per schema object; null when it cannot be interpreted. */
function validatorOf(schema: RJSFSchema): FieldValidator | null {
  let validator = bySchema.get(schema);
  if (validator === undefined) {
    try {
      validator = interpretedValidator(schema as JsonSchema);
    } catch {
      validator = null;
    }
    bySchema.set(schema, validator);
  }
  return validator;
}

/**
 * The validator SchemaForm hands RJSF. The engine makes every check and message itself (the form
 * passes `noValidate`), so RJSF only asks whether a value fits a schema when it matches a value to
 * one option of a `oneOf`/`anyOf` or resolves defaults; that answer comes from the engine's
 * interpreting validator, which generates no code: @rjsf/validator-ajv8 compiles with Ajv at load
 * and at each question, which the portal's CSP forbids (ADR 510, 511). `isValid` is false for a
 * schema it cannot interpret; form validation (never asked, `noValidate`) finds nothing.
 */
export const rjsfValidator: ValidatorType<Doc> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => validatorOf(schema)?.(formData) ?? false,
  rawValidation: <Result>(schema: RJSFSchema, formData?: Doc) => {
    const validator = validatorOf(schema);
    if (!validator) return { validationError: new Error('schema cannot be interpreted') };
    return validator(formData) ? {} : { errors: (validator.errors ?? []) as unknown as Result[] };
  },
};
