import { carrierSettings } from '../../carrier-catalog/carrier-settings.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { abortableWait } from './abortable-wait.ts';
import { currentCarriers } from './current-carriers.ts';
import { eligibilityDecline } from './eligibility-decline.ts';
import { sandboxCoverages } from './sandbox-coverages.ts';
import { sandboxLatencyMs } from './sandbox-latency-ms.ts';
import { sandboxRate } from './sandbox-rate.ts';
import type { Connector, LaunchTarget, QuoteAnswer, QuoteRequest } from './types.ts';

export interface SandboxConnectorOptions {
  /** Where carriers and the rating table come from; default carriers.json. */
  file?: CarriersFile;
  /** Simulated answer time per carrier in ms; default sandboxLatencyMs. */
  latencyMs?: (target: LaunchTarget) => number;
}

/** Rates or declines at once; the caller adds the simulated latency. */
function answer(request: QuoteRequest, file: CarriersFile): QuoteAnswer {
  const { target, document, ctx } = request;
  const benefits = target.benefits;
  try {
    const { settings } = carrierSettings(target.carrier, target.sub_carrier, file);
    const decline = eligibilityDecline(settings.eligibility, document, ctx);
    if (decline !== null) {
      return {
        status: 'declined',
        premium: null,
        coverages: {},
        benefits,
        message: decline,
        indicative: true,
      };
    }
    const { coverages, purchased } = sandboxCoverages(document, ctx.product, settings.coverage_extras);
    const premium = sandboxRate(
      document,
      { product: ctx.product, carrierFactor: settings.sandbox_rate_factor ?? 1, purchasedExtras: purchased },
      file.sandbox_rating,
    );
    return { status: 'quoted', premium, coverages, benefits, message: null, indicative: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'error', premium: null, coverages: {}, benefits, message, indicative: true };
  }
}

/**
 * A sandbox connector: answers every request after the carrier's simulated latency with an
 * indicative quote rated by sandboxRate, a decline carrying the first failing eligibility
 * message of carriers.json, or an error answer when the request cannot be rated (unknown
 * carrier or product, bad distance unit). Rejects with the signal's reason (an AbortError
 * DOMException by default) as soon as `signal` aborts. ARCHITECTURE §Carriers.
 */
export function createSandboxConnector(options: SandboxConnectorOptions = {}): Connector {
  const latencyMs = options.latencyMs ?? sandboxLatencyMs;
  return {
    id: 'sandbox',
    async quote(request, signal) {
      const result = answer(request, options.file ?? currentCarriers());
      await abortableWait(latencyMs(request.target), signal);
      return result;
    },
  };
}

/** The built-in sandbox connector on carriers.json (connector id "sandbox"). */
export const sandboxConnector: Connector = createSandboxConnector();
