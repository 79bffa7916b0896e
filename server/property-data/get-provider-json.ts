/**
 * One GET to an outside property data provider with its own time limit: the parsed JSON body
 * and HTTP status, or a PropertyDataError whose message names the provider and what went wrong
 * (never the URL, which may carry a key). ARCHITECTURE "Outside services behind interfaces".
 */
import { propertyDataCallDuration } from '../http/metrics.ts';
import { PropertyDataError } from './types.ts';

export interface ProviderRequest {
  /** The provider's label for messages ("SmartyStreets"). */
  label: string;
  url: URL;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Statuses besides 2xx whose JSON body the caller reads itself (e.g. ATTOM's 400 "no result"). */
  readStatuses?: number[];
}

/** Why a provider refused, by HTTP status; other statuses read "answered HTTP n". */
function refusal(label: string, status: number): string {
  if (status === 401 || status === 403) return `${label} refused the key (HTTP ${status}).`;
  if (status === 402) return `${label} says the account needs payment (HTTP 402).`;
  if (status === 429) return `${label} is limiting requests (HTTP 429); try again shortly.`;
  return `${label} answered HTTP ${status}.`;
}

/**
 * `{status, body}` of a 2xx (or `readStatuses`) JSON answer. Throws PropertyDataError: no answer
 * within `timeoutMs`, unreachable, refused (401/402/403/429/other), or a body that is not JSON.
 */
export async function getProviderJson(request: ProviderRequest): Promise<{ status: number; body: unknown }> {
  const { label, timeoutMs } = request;
  let response: Response;
  const stopTimer = propertyDataCallDuration.startTimer({ provider: label });
  try {
    response = await fetch(request.url, {
      headers: { accept: 'application/json', ...(request.headers ?? {}) },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    stopTimer();
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PropertyDataError(
      label,
      timedOut ? `${label} did not answer within ${timeoutMs / 1000} s.` : `${label} could not be reached.`,
    );
  }
  stopTimer();
  const readable = response.ok || (request.readStatuses ?? []).includes(response.status);
  if (!readable) {
    await response.body?.cancel();
    throw new PropertyDataError(label, refusal(label, response.status));
  }
  try {
    return { status: response.status, body: JSON.parse(await response.text()) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PropertyDataError(
      label,
      timedOut
        ? `${label} did not answer within ${timeoutMs / 1000} s.`
        : `${label} sent an answer that is not JSON.`,
    );
  }
}
