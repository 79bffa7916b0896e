/** The API client of SPEC §7 and its error handling of SPEC §8, branch by branch (fetch mocked). */
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiCall, apiData, setUnauthorizedHandler } from '../../portal/lib/api-client.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch } from './render-with-providers.tsx';

let toasts: { title: unknown; message: unknown; color: unknown; autoClose: unknown }[];
let redirectedTo: string[];

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 1, name: 'Alex' }, null);
  toasts = [];
  redirectedTo = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    toasts.push({ title: data.title, message: data.message, color: data.color, autoClose: data.autoClose });
    return 'id';
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setUnauthorizedHandler((path) => redirectedTo.push(path));
  window.history.replaceState(null, '', '/agent-portal/application-details/42?tab=1');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('POSTs JSON to /api/<path> with session_key in the body', async () => {
    const calls = mockFetch(() => envelope({ ok: true }));
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const result = await apiCall('agent-portal/get-application-by-id', { application_id: 42 });
    expect(result.data).toEqual({ ok: true });
    expect(calls).toEqual([
      { path: 'agent-portal/get-application-by-id', body: { application_id: 42, session_key: 'sk-1' } },
    ]);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(toasts).toEqual([]);
  });

  it('with error_obj: title is the message (or "Error") and body the first field error, as a 5 s warning', async () => {
    mockFetch(() =>
      envelope(null, {
        status: 'error',
        code: 422,
        message: 'Invalid Phone number!',
        error_obj: { phone: 'Invalid Phone number!', email: 'Invalid Email!' },
      }),
    );
    await apiCall('agent-portal/launch-application', {});
    mockFetch(() =>
      envelope(null, { status: 'error', code: 400, message: '', error_obj: { zip: 'must match pattern' } }),
    );
    await apiCall('address/zip-lookup', {});
    expect(toasts).toEqual([
      { title: 'Invalid Phone number!', message: 'Invalid Phone number!', color: 'yellow', autoClose: 5000 },
      { title: 'Error', message: 'must match pattern', color: 'yellow', autoClose: 5000 },
    ]);
  });

  it("without error_obj: title 'Message', body the message or 'Internet issue or contact IT.'", async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 404, message: 'Application not found.' }));
    await apiCall('agent-portal/get-application-by-id', {});
    mockFetch(() => envelope(null, { status: 'error', code: 500, message: '' }));
    await apiCall('agent-portal/get-application-by-id', {});
    expect(toasts.map((t) => [t.title, t.message])).toEqual([
      ['Message', 'Application not found.'],
      ['Message', 'Internet issue or contact IT.'],
    ]);
  });

  it('does not toast a success answer, nor an error status whose code is 200', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 200, message: 'odd' }));
    const result = await apiCall('x', {});
    expect(result.code).toBe(200);
    expect(toasts).toEqual([]);
  });

  it('401 logs out, remembers the current path and goes to the login page', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 401, message: 'Unauthenticated.' }));
    await apiCall('agent-portal/get-application-by-id', { application_id: 42 });
    const state = getAuthState();
    expect(state.session_key).toBe('');
    expect(state.user).toBeNull();
    expect(state.redirect_back_path_on_login).toBe('/agent-portal/application-details/42?tab=1');
    expect(redirectedTo).toEqual(['/agent-portal/application-details/42?tab=1']);
  });

  it('a network failure or an unparsable answer returns an empty result and is logged', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const network = await apiCall('agent-portal/get-application-by-id', {});
    expect(network).toEqual({ status: 'error', code: 0, message: '', data: null, error_obj: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    const parse = await apiCall('agent-portal/get-application-by-id', {});
    expect(parse.data).toBeNull();
    expect(parse.code).toBe(0);
    expect(console.error).toHaveBeenCalledTimes(2);
    expect(toasts).toEqual([]);
  });

  it("a missing session key gives the warning 'Invalid Details' without calling", async () => {
    localStorage.clear();
    reloadAuthFromStorage();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiCall('agent-portal/get-application-by-id', { application_id: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.data).toBeNull();
    expect(toasts).toEqual([
      { title: 'Message', message: 'Invalid Details', color: 'yellow', autoClose: 5000 },
    ]);
  });

  it('suppressToast hides the toast of a chosen answer (the invalid-state dialog case)', async () => {
    const message = "Invalid state! Agent don't have license for the given address state.";
    mockFetch(() => envelope(null, { status: 'error', code: 422, message }));
    const result = await apiCall(
      'agent-portal/create-new-application',
      {},
      { suppressToast: (e) => e.message === message },
    );
    expect(result.message).toBe(message);
    expect(toasts).toEqual([]);
  });
});

describe('apiData', () => {
  it('resolves to data of a success and throws ApiRequestError carrying the envelope otherwise', async () => {
    mockFetch(() => envelope({ application: { id: 1 } }));
    await expect(apiData('a', {})).resolves.toEqual({ application: { id: 1 } });
    mockFetch(() => envelope(null, { status: 'error', code: 404, message: 'Application not found.' }));
    const error = await apiData('a', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).envelope.code).toBe(404);
  });
});
