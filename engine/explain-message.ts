import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { evaluateLogic } from './evaluate-logic.ts';
import { isTruthy } from './is-truthy.ts';
import { logicNodes } from './logic-nodes.ts';
import type { Doc, JsonLogic, RuleContext } from './types.ts';
import { validateDocument } from './validate-document.ts';

/** One `if` an explained check evaluated: where it sits and which branch gave the value. */
export interface ExplainedBranch {
  /** `when`, `assert` or `params.<name>`, then the path to the `if` inside it (`params.amount/if`). */
  at: string;
  /** 1-based number of the condition that held, or 'else' when none did. */
  taken: number | 'else';
  /** How many conditions the `if` has. */
  conditions: number;
  /** The value the `if` gave. */
  result: unknown;
}

/** Why a field shows its message: the check, what it read, and how it decided. */
export interface MessageExplanation {
  field: string;
  /** The failing check: a rule id, `required:<field>` or `type:<field>`. */
  rule_id: string;
  check: 'required' | 'type' | 'rule';
  /** The message the field shows. */
  message: string;
  /** The `messages` key of a rule's text (rules only). */
  message_key?: string;
  /** Every value the check read, by its JSON-logic name (`doc.sqft`, `ctx.product`, `params.amount`). */
  inputs: Record<string, unknown>;
  /** The check's evaluated params (a rule's `params`; a type check's bounds `min`/`max`/`step`). */
  params: Record<string, unknown>;
  /** Each `if` in the rule's when, params and assert, and the branch that applied. */
  branches: ExplainedBranch[];
}

/**
 * Explains the message `field` shows for this document (the field's first message of
 * validateDocument), or null when it shows none: the rule id, every input the check read (each
 * `var` of the rule's `when`, `params` and `assert` plus the field's applicability and
 * `required_when`, with its value), the evaluated params, and for each `if` the branch that gave
 * its value (`params.amount`: else -> 50 per unit). Generic; throws like validateDocument when no form
 * matches ctx. Issue 10 part 5 (explain); SPEC §5.
 */
export function explainMessage(
  compiled: CompiledSchemaSet,
  doc: Doc,
  ctx: RuleContext,
  field: string,
): MessageExplanation | null {
  const first = validateDocument(compiled, doc, ctx, { fields: [field] })[0];
  if (!first) return null;
  const data = { doc, ctx };
  const { [field]: _value, ...rest } = first.values;
  const explained: MessageExplanation = {
    field,
    rule_id: first.rule_id,
    check: first.rule_id.startsWith('required:')
      ? 'required'
      : first.rule_id.startsWith('type:')
        ? 'type'
        : 'rule',
    message: first.message,
    inputs: {},
    params: first.rule_id.startsWith('required:') ? {} : rest,
    branches: [],
  };
  const reads = (expression: JsonLogic, scope: Record<string, unknown>): void => {
    for (const node of logicNodes(expression, [])) {
      if (node.op !== 'var' || typeof node.args[0] !== 'string' || node.args[0] === '') continue;
      explained.inputs[node.args[0]] = readPath(scope, node.args[0]);
    }
  };
  explained.inputs[`doc.${field}`] = doc[field];
  const gates = [
    compiled.set.applicability?.[field],
    explained.check === 'required' ? compiled.set.required_when?.[field] : undefined,
  ];
  for (const gate of gates) if (gate !== undefined) reads(gate, data);
  if (explained.check !== 'rule') return explained;

  const compiledRule = compiled.rulesByField.get(field)?.find((entry) => entry.rule.id === first.rule_id);
  if (!compiledRule) return explained;
  const { rule } = compiledRule;
  explained.message_key = rule.message;
  const withParams = { ...data, params: explained.params };
  const parts: [name: string, expression: JsonLogic, scope: Record<string, unknown>][] = [
    ...(rule.when === undefined
      ? []
      : [['when', rule.when, data] as [string, JsonLogic, Record<string, unknown>]]),
    ...Object.entries(rule.params ?? {}).map(
      ([name, expression]) =>
        [`params.${name}`, expression, data] as [string, JsonLogic, Record<string, unknown>],
    ),
    ['assert', rule.assert, withParams],
  ];
  for (const [name, expression, scope] of parts) {
    reads(expression, scope);
    explained.branches.push(...branchesOf(name, expression, scope));
  }
  return explained;
}

/** The value at a dotted JSON-logic var path (`doc.sqft`, `params.amount`); null when absent. */
function readPath(scope: Record<string, unknown>, path: string): unknown {
  let current: unknown = scope;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current ?? null;
}

/** Every `if` of an expression with the branch that applied over `scope`. */
function branchesOf(name: string, expression: JsonLogic, scope: Record<string, unknown>): ExplainedBranch[] {
  const branches: ExplainedBranch[] = [];
  for (const node of logicNodes(expression, [])) {
    if (node.op !== 'if' && node.op !== '?:') continue;
    const { args } = node;
    const conditions = Math.floor(args.length / 2);
    let taken: number | 'else' = 'else';
    let result: unknown = args.length % 2 === 1 ? safeEvaluate(args[args.length - 1], scope) : null;
    for (let i = 0; i < conditions; i++) {
      if (isTruthy(safeEvaluate(args[2 * i], scope))) {
        taken = i + 1;
        result = safeEvaluate(args[2 * i + 1], scope);
        break;
      }
    }
    branches.push({ at: [name, ...node.path].join('/'), taken, conditions, result });
  }
  return branches;
}

function safeEvaluate(expression: JsonLogic, scope: Record<string, unknown>): unknown {
  try {
    return evaluateLogic(expression, scope);
  } catch {
    return null;
  }
}
