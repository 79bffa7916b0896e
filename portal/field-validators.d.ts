/** The schema set's field validators as Ajv standalone code, made by the build (vite.config.ts). */
declare module 'virtual:field-validators' {
  import type { ErrorObject } from 'ajv';

  /** validatorKey(schema) -> validator: compileSchemaSet's `precompiled` (engine/compile-schema-set.ts). */
  const validators: Readonly<
    Record<string, ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }>
  >;
  export default validators;
}
