/**
 * The checks a carriers document passes before it is quoted with (issue 43, docs/decisions/772): the
 * ones carriers.json had as tests and start-up lint, now run on every draft a super-admin publishes.
 * 1. JSON Schema (server/quoting/carriers.schema.json); the other checks run only on a valid shape.
 * 2. Eligibility logic: every rule's `when` uses json-logic-js operators, reads only `doc` and `ctx`,
 *    and evaluates without throwing on the schema set's example documents of each quote type.
 * 3. Connection mappings (lintConnections: operators, roots, answer schemas, live_connection ids).
 * 4. Assets present: family names are unique, each family's `image` is the monogram the server
 *    draws (`/carriers/<name>.svg`), each `guideDocument` a `/guides/<file>.pdf` the server draws,
 *    named by one entry only, and each `family` names a family.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { CarriersFile, EligibilityRule } from '../../carrier-catalog/carriers-file-types.ts';
import { exampleContexts, examples } from '../../schemas/schema-set.ts';
import carriersSchema from './carriers.schema.json' with { type: 'json' };
import { eligibilityDecline } from './eligibility-decline.ts';
import { lintConnections, logicProblems } from './http/lint-connections.ts';

/** One problem of a carriers document: where (slash path, e.g. `carriers/3/states`) and what. */
export interface CatalogueProblem {
  path: string;
  message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateShape = ajv.compile(carriersSchema);

const ELIGIBILITY_ROOTS: ReadonlySet<string> = new Set(['doc', 'ctx']);
const GUIDE_PATH = /^\/guides\/[a-z0-9][a-z0-9_-]{0,80}\.pdf$/;

function schemaProblems(document: unknown): CatalogueProblem[] {
  if (validateShape(document)) return [];
  return (validateShape.errors ?? []).map((error) => ({
    path: error.instancePath.slice(1) || '(document)',
    message: error.message ?? 'is not valid',
  }));
}

function ruleProblems(where: string, rules: EligibilityRule[]): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  rules.forEach((rule, index) => {
    const path = `${where}/eligibility/${index}/when`;
    const lint = logicProblems(rule.when, ELIGIBILITY_ROOTS);
    for (const message of lint) problems.push({ path, message });
    if (lint.length > 0) return;
    for (const [name, doc] of Object.entries(examples)) {
      try {
        eligibilityDecline([rule], doc, exampleContexts[name as keyof typeof examples]);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        problems.push({ path, message: `throws on the ${name} example: ${reason}` });
      }
    }
  });
  return problems;
}

function assetProblems(file: CarriersFile): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const names = new Set<string>();
  const guides = new Map<string, string>();
  file.carriers.forEach((family, index) => {
    const where = `carriers/${index}`;
    if (names.has(family.name))
      problems.push({ path: `${where}/name`, message: `"${family.name}" is taken` });
    names.add(family.name);
    if (family.image !== `/carriers/${family.name}.svg`) {
      problems.push({
        path: `${where}/image`,
        message: `must be /carriers/${family.name}.svg (its monogram)`,
      });
    }
    if (family.guideDocument !== null) {
      if (!GUIDE_PATH.test(family.guideDocument)) {
        problems.push({ path: `${where}/guideDocument`, message: 'must be /guides/<file>.pdf' });
      } else if (guides.has(family.guideDocument)) {
        problems.push({
          path: `${where}/guideDocument`,
          message: `is also ${guides.get(family.guideDocument)}'s guide`,
        });
      } else guides.set(family.guideDocument, family.name);
    }
  });
  file.carriers.forEach((family, index) => {
    if (family.family !== undefined && !names.has(family.family)) {
      problems.push({ path: `carriers/${index}/family`, message: `no family "${family.family}"` });
    }
  });
  return problems;
}

/**
 * The problems of `document` as a carrier catalogue, empty when it may be published. Pure; never
 * throws for any JSON value.
 */
export function checkCarrierCatalogue(document: unknown): CatalogueProblem[] {
  const shape = schemaProblems(document);
  if (shape.length > 0) return shape;
  const file = document as CarriersFile;
  const problems: CatalogueProblem[] = [];
  file.carriers.forEach((family, index) => {
    problems.push(...ruleProblems(`carriers/${index}`, family.eligibility));
    family.subCarriers.forEach((sub, subIndex) => {
      problems.push(...ruleProblems(`carriers/${index}/subCarriers/${subIndex}`, sub.eligibility ?? []));
    });
  });
  for (const line of lintConnections(file)) {
    const split = line.indexOf(': ');
    problems.push({ path: line.slice(0, split), message: line.slice(split + 2) });
  }
  problems.push(...assetProblems(file));
  return problems;
}
