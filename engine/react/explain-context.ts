import { createContext } from 'react';
import type { MessageExplanation } from '../explain-message.ts';

/**
 * How a field's message is explained inside a SchemaForm: a function from field name to its
 * explanation (explainMessage over the current document), or null when the form does not offer
 * explanations (the "why" affordance is then not rendered). Issue 10 part 5.
 */
export const ExplainMessageContext = createContext<((field: string) => MessageExplanation | null) | null>(
  null,
);
