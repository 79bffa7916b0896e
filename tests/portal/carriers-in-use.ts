/**
 * The carriers in use as tests answer them (carrier-catalogue/carriers, issue 43, docs/decisions/772):
 * the seeded version 1, carriers.json's public part, and a version 2 that adds a family the build's
 * carriers.json does not have, to show that the portal names, lists and draws what is published.
 */
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { type PublicCarrier, publicCarriersOf } from '../../carrier-catalog/public-carriers.ts';
import { envelope } from './render-with-providers.tsx';

/** What carrier-catalogue/carriers answers for the seeded version 1: carriers.json's carriers. */
export const CARRIERS_IN_USE = publicCarriersOf(carriersFile, 1);

/** A family published after the build: automatic, Commercial and Primary in FL, one sub-carrier. */
export const HARBOR_MUTUAL: PublicCarrier = {
  name: 'harbor_mutual',
  display_name: 'Harbor Mutual',
  image: '/carriers/harbor_mutual.svg',
  url: 'https://harbor-mutual.example.com',
  guide_document: null,
  quote_types: ['Commercial', 'Primary'],
  states: ['FL'],
  channel: 'automatic',
  benefits: ['Published after the build'],
  sub_carriers: [],
};

/** Version 2 of the catalogue: version 1 and Harbor Mutual. */
export const CARRIERS_WITH_HARBOR_MUTUAL = {
  ...CARRIERS_IN_USE,
  version: 2,
  carriers: [...CARRIERS_IN_USE.carriers, HARBOR_MUTUAL],
};

/** A fetch mock's answer (render-with-providers.tsx mockFetch): the JSON to answer a call with. */
type Answer = (path: string, body: Record<string, unknown>) => unknown;

/**
 * A fetch mock's answer that answers carrier-catalogue/carriers with `catalogue` (version 1 unless
 * given) and every other call as `answer` does.
 */
export function withCarriersInUse(answer: Answer, catalogue: unknown = CARRIERS_IN_USE): Answer {
  return (path, body) => (path === 'carrier-catalogue/carriers' ? envelope(catalogue) : answer(path, body));
}

/**
 * Carriers in use that cannot be read (500, "The carriers are unavailable.") until `recover()`,
 * then version 1: `answer(other)` answers them so and every other call as `other` does.
 */
export function carriersFailingUntilRecovered() {
  let failing = true;
  const carriers = () =>
    failing
      ? envelope(null, { status: 'error', code: 500, message: 'The carriers are unavailable.' })
      : envelope(CARRIERS_IN_USE);
  return {
    carriers,
    answer:
      (other: Answer): Answer =>
      (path, body) =>
        path === 'carrier-catalogue/carriers' ? carriers() : other(path, body),
    recover: () => {
      failing = false;
    },
  };
}
