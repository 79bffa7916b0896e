/**
 * A sample book of past Primary flood quotes for the demo, the predictor's tests and `npm run bench
 * -- predictor`: deterministic risks (seeded) varied around the schema set's Primary example (state,
 * zone, year built, elevation against BFE, foundation, distance to coast, limits, deductible), each
 * rated by the sandbox carriers of carriers.json exactly as a launch would. Sample data, never a
 * customer's. docs/decisions/201-price-predictor.md.
 */
import { applyDefaults, computeFields, type Doc, type RuleContext } from '../../engine/index.ts';
import { examples } from '../../schemas/schema-set.ts';
import { launchTargets } from '../quoting/launch-targets.ts';
import { createSandboxConnector } from '../quoting/sandbox-connector.ts';
import type { LaunchTarget, QuoteAnswer } from '../quoting/types.ts';
import { compiledSchemaSet } from '../services/schema-engine.ts';
import type { PricePredictorConfig } from './predictor-config.ts';
import type { PastQuote } from './price-model.ts';
import { carrierKey, riskInputsOf } from './risk-inputs.ts';

/** One sample risk and what each carrier answered. */
export interface SampleRisk {
  document: Doc;
  answers: { target: LaunchTarget; answer: QuoteAnswer }[];
}

const ZONES = ['X', 'X', 'X500', 'AE', 'AE', 'AE', 'A', 'AO', 'AH', 'VE', 'VE', 'V'];
const STATES = ['FL', 'FL', 'FL', 'TX', 'LA', 'SC', 'NC', 'NJ'];
const FOUNDATIONS = ['Slab', 'Slab', 'Crawlspace', 'Elevated', 'Piers/Posts/Piles', 'Basement'];
const DEDUCTIBLES = [1000, 2000, 5000, 10000, 25000];

/** A small seeded generator (mulberry32): the same seed gives the same book. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRIMARY: RuleContext = { product: 'Primary', application_type: 'flood', status: 'new' };
const connector = createSandboxConnector({ latencyMs: () => 0 });

/**
 * `count` sample Primary risks from `seed`, rated by every sandbox launch target (declines and
 * errors included as the carriers answer them).
 */
export async function sampleBook(count: number, seed = 1): Promise<SampleRisk[]> {
  const random = randomFrom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const compiled = compiledSchemaSet();
  const base = examples.primary as Doc;
  const book: SampleRisk[] = [];
  for (let i = 0; i < count; i++) {
    const bfe = 6 + Math.round(random() * 10);
    const document = computeFields(
      compiled,
      applyDefaults(compiled, {
        ...structuredClone(base),
        state: pick(STATES),
        flood_zone: pick(ZONES),
        year_build: String(1940 + Math.floor(random() * 85)),
        bfe_elevation: bfe,
        elevation: bfe + Math.round((random() * 10 - 4) * 2) / 2,
        foundation_type: pick(FOUNDATIONS),
        distance_to_coast: Math.round(random() * 200) / 10,
        building_limit: 100_000 + Math.round(random() * 60) * 10_000,
        contents_limit: Math.round(random() * 25) * 10_000,
        deductible: pick(DEDUCTIBLES),
      }),
      PRIMARY,
    );
    const answers = await Promise.all(
      launchTargets(document, PRIMARY)
        .filter((target) => target.connector === 'sandbox')
        .map(async (target) => ({
          target,
          answer: await connector.quote({ target, document, ctx: PRIMARY }, new AbortController().signal),
        })),
    );
    book.push({ document, answers });
  }
  return book;
}

/** The quoted premiums of `book` as past quotes (application ids 1, 2, ... in book order). */
export function samplePastQuotes(book: SampleRisk[], config: PricePredictorConfig): PastQuote[] {
  return book.flatMap(({ document, answers }, index) =>
    answers
      .filter(({ answer }) => answer.status === 'quoted' && answer.premium !== null)
      .map(({ target, answer }) => ({
        application_id: index + 1,
        carrier: carrierKey(target),
        display_name: target.display_name,
        product: PRIMARY.product,
        premium: Number(answer.premium),
        inputs: riskInputsOf(document, PRIMARY.product, config),
      })),
  );
}
