import type { CompiledSchemaSet } from './compile-schema-set.ts';
import type { ValidationMessage } from './types.ts';

/**
 * The text the user sees under 'Invalid data!': the first message's text, or
 * `set.messages.fallback` when there is none. SPEC §5 ("The first failing message is shown as a
 * warning titled 'Invalid data!'. Fallback text is 'invalid data'").
 */
export function firstMessage(compiled: CompiledSchemaSet, messages: ValidationMessage[]): string {
  return messages[0]?.message || compiled.set.messages.fallback;
}
