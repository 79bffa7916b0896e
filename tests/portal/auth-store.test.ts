/** The auth store of SPEC §3 Auth state and §4 Logout: what it stores, what logout clears, persistence. */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthState,
  DROPPED_COMPANY_FIELDS,
  DROPPED_USER_FIELDS,
  getAuthState,
  isLoggedIn,
  logout,
  patchAuthState,
  reloadAuthFromStorage,
  setSession,
  takeRedirectBackPath,
} from '../../portal/lib/auth-store.ts';
import { AUTH_STORAGE_KEY } from '../../portal/lib/constants.ts';

const fullUser = {
  id: 7,
  name: 'Alex Agent',
  email: 'agent@demo.test',
  role: 'agent',
  agent: { id: 3, licensed_states: ['FL'] },
  customer_id: null,
  mga_company: { id: 1, name: 'Rocket Flood' },
  user_accesses_final: ['applications'],
  eo_expiry: '2027-01-01',
  created_at: 'x',
  updated_at: 'x',
  user_accesses: ['raw'],
  image: 'a.png',
  username: 'alex',
};
const fullCompany = {
  id: 1,
  name: 'Rocket Flood',
  trial_ends_at: null,
  trial_remaining_days: 0,
  has_active_subscription: true,
  is_trial_disabled: false,
  permissions: ['applications'],
  stripe_id: 'cus_1',
  created_at: 'x',
  updated_at: 'x',
  agent_portal_logo_image_url: 'logo.png',
  eo_data: { expiry: '2027-01-01' },
  agency_data: {},
  pm_last_four: '4242',
  pm_type: 'visa',
  subscriber_details: {},
  images: [],
  subscriptions: [],
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});

describe('setSession', () => {
  it('stores the key and the user without the dropped user and company fields', () => {
    setSession('sk-1', fullUser, fullCompany);
    const state = getAuthState();
    expect(isLoggedIn()).toBe(true);
    expect(state.session_key).toBe('sk-1');
    for (const key of DROPPED_USER_FIELDS) expect(state.user).not.toHaveProperty(key);
    for (const key of DROPPED_COMPANY_FIELDS) expect(state.user?.company).not.toHaveProperty(key);
    expect(state.user?.agent).toEqual({ id: 3, licensed_states: ['FL'] });
    expect(state.user?.company?.permissions).toEqual(['applications']);
    expect(state.user?.company?.stripe_id).toBe('cus_1');
  });

  it('sets the expiry alert flag to false the first time an expiry date is present, then leaves it', () => {
    setSession('sk-1', { ...fullUser, eo_expiry: null }, null);
    expect(getAuthState().eo_expiry_alert_displayed).toBeNull();
    setSession('sk-2', fullUser, null);
    expect(getAuthState().eo_expiry_alert_displayed).toBe(false);
    patchAuthState({ eo_expiry_alert_displayed: true });
    setSession('sk-3', fullUser, null);
    expect(getAuthState().eo_expiry_alert_displayed).toBe(true);
  });

  it('persists to localStorage and is read back on start-up', () => {
    setSession('sk-9', fullUser, fullCompany);
    const raw = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as AuthState;
    expect(raw.session_key).toBe('sk-9');
    reloadAuthFromStorage();
    expect(getAuthState().session_key).toBe('sk-9');
    expect(getAuthState().user?.name).toBe('Alex Agent');
  });

  it('treats a corrupt stored entry as logged out', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    reloadAuthFromStorage();
    expect(isLoggedIn()).toBe(false);
  });
});

describe('logout', () => {
  const arbState = fc.record({
    session_key: fc.string({ minLength: 1 }),
    user: fc.constant({ name: 'A' }),
    previous_user_data: fc.option(fc.dictionary(fc.string(), fc.string()), { nil: null }),
    user_settings: fc.option(fc.dictionary(fc.string(), fc.string()), { nil: null }),
    eo_expiry_alert_displayed: fc.option(fc.boolean(), { nil: null }),
    redirect_back_path_on_login: fc.option(fc.string(), { nil: null }),
  });

  it('clears exactly user, session key, alert flag, settings and previous-user data', () => {
    fc.assert(
      fc.property(arbState, fc.option(fc.string(), { nil: undefined }), (state, remember) => {
        patchAuthState(state as Partial<AuthState>);
        logout(remember === undefined ? {} : { rememberPath: remember });
        const after = getAuthState();
        expect(after.session_key).toBe('');
        expect(after.user).toBeNull();
        expect(after.eo_expiry_alert_displayed).toBeNull();
        expect(after.user_settings).toBeNull();
        expect(after.previous_user_data).toBeNull();
        // The remembered path is the one part logout keeps (or sets).
        expect(after.redirect_back_path_on_login).toBe(remember ?? state.redirect_back_path_on_login);
        expect(isLoggedIn()).toBe(false);
        expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}').session_key).toBe('');
      }),
    );
  });

  it('remembers the path once: taking it clears it', () => {
    setSession('sk', fullUser, null);
    logout({ rememberPath: '/agent-portal/application-details/42' });
    expect(takeRedirectBackPath()).toBe('/agent-portal/application-details/42');
    expect(takeRedirectBackPath()).toBeNull();
  });
});
