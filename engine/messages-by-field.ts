import type { ValidationMessage } from './types.ts';

/**
 * Field -> the text of its first message, fields in the order their first message appears
 * (for showing one message under each field). SPEC §5 (first failing message).
 */
export function messagesByField(messages: ValidationMessage[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const message of messages) {
    if (!Object.hasOwn(out, message.field)) out[message.field] = message.message;
  }
  return out;
}
