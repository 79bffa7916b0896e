/**
 * SPEC §7 "/agent-portal/get-application-by-id (endpoint can be overridden)": the build's
 * VITE_GET_APPLICATION_BY_ID_ENDPOINT is where the details page asks, the standard path without it
 * (ADR 430).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GET_APPLICATION_BY_ID_PATH,
  getApplicationById,
  getApplicationByIdEndpoint,
} from '../../portal/features/applications/api/get-application-by-id.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch } from './render-with-providers.tsx';

const ENV = 'VITE_GET_APPLICATION_BY_ID_ENDPOINT';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 1, name: 'Alex' }, null);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('get-application-by-id endpoint', () => {
  it('asks the standard path when nothing overrides it', async () => {
    vi.stubEnv(ENV, '');
    const calls = mockFetch(() => envelope({ application: { id: 42 } }));
    expect((await getApplicationById(42)).id).toBe(42);
    expect(calls).toEqual([
      { path: 'agent-portal/get-application-by-id', body: { application_id: 42, session_key: 'sk-1' } },
    ]);
    expect(getApplicationByIdEndpoint(undefined)).toBe(GET_APPLICATION_BY_ID_PATH);
    expect(getApplicationByIdEndpoint('  ')).toBe(GET_APPLICATION_BY_ID_PATH);
  });

  it('asks the overriding path, under the API base, when the build sets one', async () => {
    vi.stubEnv(ENV, '/agent-portal/v2/get-application-by-id');
    const calls = mockFetch(() => envelope({ application: { id: 7 } }));
    expect((await getApplicationById(7)).id).toBe(7);
    expect(calls.map((call) => call.path)).toEqual(['agent-portal/v2/get-application-by-id']);
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    expect(fetchMock.mock.calls[0][0]).toBe(
      `${window.location.origin}/api/agent-portal/v2/get-application-by-id`,
    );
  });

  it('asks an overriding absolute URL as it is', async () => {
    vi.stubEnv(ENV, 'https://reader.example.com/applications/by-id');
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return Response.json(envelope({ application: { id: 9 } }));
      }),
    );
    expect((await getApplicationById(9)).id).toBe(9);
    expect(urls).toEqual(['https://reader.example.com/applications/by-id']);
  });
});
