import type { ErrorObject } from 'ajv';

/**
 * A field's JSON Schema check: true when the value fits; else `errors` holds Ajv's errors, the
 * first one the failure shown. Ajv's compiled validator, Ajv standalone code or the interpreting
 * validator (engine/interpret-field-schema.ts); all three answer alike.
 */
export type FieldValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
