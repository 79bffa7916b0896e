/**
 * The one HTTP client of the portal: SPEC §7 calls (POST JSON to {api_base}/<path>, api-base.ts;
 * session_key in the body, no retries) with the error handling of SPEC §8.
 */
import { apiUrl } from './api-base.ts';
import { getAuthState, logout } from './auth-store.ts';
import { loadingBarDone, loadingBarStart } from './loading-bar.ts';
import { showToast } from './toast.ts';

/** The envelope every answer carries. docs/api.md. */
export interface ApiEnvelope<T> {
  status: 'success' | 'error';
  code: number;
  message: string;
  data: T | null;
  error_obj: Record<string, string> | null;
}

/** Options of one call. */
export interface ApiCallOptions {
  /** Send `session_key` (default true). Without a stored key the call is not made. */
  withSession?: boolean;
  /** Return true to skip the toast of an error answer (the caller shows its own UI). */
  suppressToast?: (envelope: ApiEnvelope<unknown>) => boolean;
  /** Skip every toast of this call (background polling). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** Thrown by `apiData` when the answer is not a success; carries the envelope. */
export class ApiRequestError extends Error {
  readonly envelope: ApiEnvelope<unknown>;
  constructor(envelope: ApiEnvelope<unknown>) {
    super(envelope.message || 'Request failed');
    this.name = 'ApiRequestError';
    this.envelope = envelope;
  }
}

/** The empty result of SPEC §8 (network or parse failure, missing session): code 0, no data. */
export function emptyResult<T>(message = ''): ApiEnvelope<T> {
  return { status: 'error', code: 0, message, data: null, error_obj: null };
}

let unauthorizedHandler: (redirectPath: string) => void = (redirectPath) => {
  window.location.assign(`/auth/login?redirect=${encodeURIComponent(redirectPath)}`);
};

/** The router registers how a 401 navigates to /auth/login (default: a full page load). */
export function setUnauthorizedHandler(handler: (redirectPath: string) => void): void {
  unauthorizedHandler = handler;
}

let paymentRequiredHandler: () => void = () => {};

/**
 * The router registers what a 402 'Subscription required.' does (docs/api-accounts.md: the server's
 * check-subscription): re-read the account and open /dashboard/plans.
 */
export function setPaymentRequiredHandler(handler: () => void): void {
  paymentRequiredHandler = handler;
}

/**
 * A 402 that names a plan's limit (`error_obj.plan`, e.g. users/create past the plan's max_users,
 * docs/api-accounts.md): the subscription is fine, so the page that asked shows the message with
 * the plans page one click away instead of being left (issue 20).
 */
export function isPlanLimit(envelope: Pick<ApiEnvelope<unknown>, 'code' | 'error_obj'>): boolean {
  return envelope.code === 402 && typeof envelope.error_obj?.plan === 'string';
}

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

function firstFieldError(errorObj: Record<string, unknown>): string {
  for (const value of Object.values(errorObj)) {
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return '';
}

/** The toast title and body of an error answer. SPEC §8. */
export function errorToastText(envelope: Pick<ApiEnvelope<unknown>, 'message' | 'error_obj'>): {
  title: string;
  body: string;
} {
  if (envelope.error_obj && typeof envelope.error_obj === 'object') {
    return { title: envelope.message || 'Error', body: firstFieldError(envelope.error_obj) };
  }
  return { title: 'Message', body: envelope.message || 'Internet issue or contact IT.' };
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
}

/**
 * POSTs `body` (plus `session_key`) as JSON to `{api_base}/<path>` (api-base.ts) and returns the envelope. Never throws:
 * a network or parse failure returns `emptyResult()` and is logged; an error answer is logged and
 * toasted (SPEC §8); 401 logs out remembering the current path and goes to /auth/login; a missing
 * session key toasts 'Invalid Details' without calling. `path` may carry a query (`?page=1`).
 */
export async function apiCall<T>(
  path: string,
  body: Record<string, unknown> = {},
  options: ApiCallOptions = {},
): Promise<ApiEnvelope<T>> {
  const withSession = options.withSession ?? true;
  const payload: Record<string, unknown> = { ...body };
  if (withSession) {
    const sessionKey = getAuthState().session_key;
    if (!sessionKey) {
      if (!options.silent) showToast('warning', 'Message', 'Invalid Details');
      return emptyResult<T>('Invalid Details');
    }
    payload.session_key = sessionKey;
  }

  loadingBarStart();
  let envelope: ApiEnvelope<T>;
  try {
    const response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      // An API base on another origin (api-base.ts) stores the session cookie the sign-in answers
      // set only for a call made with credentials; the calls themselves never use it (ADR 748).
      credentials: 'include',
      signal: options.signal,
    });
    const parsed: unknown = await response.json();
    if (!isEnvelope(parsed)) throw new Error(`Not an envelope (HTTP ${response.status})`);
    envelope = parsed as ApiEnvelope<T>;
  } catch (error) {
    loadingBarDone(true);
    if ((error as Error)?.name !== 'AbortError') console.error(`API ${path} failed`, error);
    return emptyResult<T>();
  }

  const failed = envelope.status !== 'success' && envelope.code !== 200;
  loadingBarDone(failed);
  if (!failed) return envelope;

  console.warn(`API ${path} answered ${envelope.code}`, envelope);
  // A 401 on a call without a session (a failed login) is a wrong password, not an expired session.
  if (envelope.code === 401 && withSession) {
    const path401 = currentPath();
    logout({ rememberPath: path401 });
    unauthorizedHandler(path401);
  }
  if (envelope.code === 402 && withSession && !isPlanLimit(envelope)) paymentRequiredHandler();
  if (!options.silent && !options.suppressToast?.(envelope)) {
    const { title, body: text } = errorToastText(envelope);
    showToast(envelope.code === 200 ? 'success' : 'warning', title, text);
  }
  return envelope;
}

/**
 * `apiCall` for query functions: resolves to `data` of a success answer, otherwise throws
 * `ApiRequestError` (an empty result included) so TanStack Query shows the error state.
 */
export async function apiData<T>(
  path: string,
  body: Record<string, unknown> = {},
  options: ApiCallOptions = {},
): Promise<T> {
  const envelope = await apiCall<T>(path, body, options);
  if (envelope.status !== 'success' || envelope.data === null) throw new ApiRequestError(envelope);
  return envelope.data;
}
