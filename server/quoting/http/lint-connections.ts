import { Ajv2020 } from 'ajv/dist/2020.js';
import jsonLogic from 'json-logic-js';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';

/**
 * Compiles each connection's answer_schema to find the ones that do not compile: one instance for
 * every check (a new Ajv compiles its meta-schema again, per connection and check), each schema
 * removed after its compile so that checking many drafts keeps none of them.
 */
const answerSchemaCompiler = new Ajv2020({ strict: false });

/** Which data roots each kind of expression may read with `var`. */
const ROOTS = {
  request: new Set(['doc', 'ctx', 'carrier']),
  response: new Set(['answer', 'doc', 'ctx']),
  poll: new Set(['answer']),
};
/** Operators whose later arguments read each array item (any `var` is fine there). */
const ITEM_SCOPED = new Set(['all', 'none', 'some', 'filter', 'map', 'reduce']);

function knownOperator(op: string): boolean {
  try {
    jsonLogic.apply({ [op]: [] } as jsonLogic.RulesLogic, {});
    return true;
  } catch (error) {
    return !(error instanceof Error && error.message.startsWith('Unrecognized operation'));
  }
}

/**
 * The problems of one JSON-logic expression, one text each, empty when sound: every operator is a
 * json-logic-js one and every `var` outside an item-scoped operator (all, some, map...) reads one of
 * `roots` (the data the expression is given, e.g. doc and ctx for an eligibility rule).
 */
export function logicProblems(expression: unknown, roots: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  walk(expression, roots, false, problems);
  return problems;
}

function walk(node: unknown, roots: ReadonlySet<string>, itemScoped: boolean, problems: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, roots, itemScoped, problems);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const keys = Object.keys(node);
  if (keys.length !== 1) return;
  const op = keys[0] as string;
  const args = (node as Record<string, unknown>)[op];
  if (!knownOperator(op)) {
    problems.push(`unknown operator "${op}"`);
    return;
  }
  if (op === 'var') {
    const path = Array.isArray(args) ? args[0] : args;
    const root = typeof path === 'string' ? path.split('.')[0] : '';
    if (!itemScoped && typeof path === 'string' && path !== '' && !roots.has(root as string)) {
      problems.push(`"${path}" reads none of ${[...roots].join(', ')}`);
    }
    return;
  }
  if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
    walk(args[0], roots, itemScoped, problems);
    walk(args.slice(1), roots, true, problems);
    return;
  }
  walk(args, roots, itemScoped, problems);
}

/**
 * The problems of carriers.json's live connections, one line each
 * (`connections/<id>/<where>: <problem>`), empty when sound: every mapping expression uses only
 * json-logic-js operators and reads only its own data (request: doc, ctx, carrier; response:
 * answer, doc, ctx; poll: answer), every answer_schema compiles, and every `live_connection` of
 * a carrier or sub-carrier names a connection. Part of checkCarrierCatalogue (issue 19, 43).
 */
export function lintConnections(file: CarriersFile): string[] {
  const lines: string[] = [];
  const connections = file.connections ?? {};
  const check = (where: string, expression: unknown, roots: ReadonlySet<string>) => {
    for (const problem of logicProblems(expression, roots)) lines.push(`${where}: ${problem}`);
  };
  for (const [id, connection] of Object.entries(connections)) {
    for (const [path, rule] of Object.entries(connection.request)) {
      check(`connections/${id}/request/${path}`, rule, ROOTS.request);
    }
    const { coverages, ...fields } = connection.response;
    for (const [name, rule] of Object.entries(fields))
      check(`connections/${id}/response/${name}`, rule, ROOTS.response);
    for (const [name, rule] of Object.entries(coverages)) {
      check(`connections/${id}/response/coverages/${name}`, rule, ROOTS.response);
    }
    if (connection.poll) {
      check(`connections/${id}/poll/url`, connection.poll.url, ROOTS.poll);
      check(`connections/${id}/poll/pending`, connection.poll.pending, ROOTS.poll);
    }
    try {
      answerSchemaCompiler.compile(connection.answer_schema);
    } catch (error) {
      lines.push(
        `connections/${id}/answer_schema: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      answerSchemaCompiler.removeSchema(connection.answer_schema);
    }
  }
  for (const family of file.carriers) {
    for (const entry of [family, ...family.subCarriers]) {
      if (entry.live_connection !== undefined && !(entry.live_connection in connections)) {
        lines.push(`carriers/${entry.name}/live_connection: no connection "${entry.live_connection}"`);
      }
    }
  }
  return lines;
}
