/** Business constants of SPEC §9 that the portal uses. Times in ms, sizes in px. */

/** Toast auto-hide delay in ms. SPEC §4, §9. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Default listing page size. SPEC §9 Listing. */
export const LISTING_PER_PAGE = 25;

/** Default listing page (1-based). SPEC §9 Listing. */
export const LISTING_FIRST_PAGE = 1;

/** Listing fetch throttle while filters are typed, in ms. SPEC §9 Listing. */
export const LISTING_FETCH_THROTTLE_MS = 300;

/** Loading bar: wait this long (ms) before showing it, so fast calls do not flash it. SPEC §9. */
export const LOADING_BAR_THROTTLE_MS = 200;

/** Loading bar: nominal duration of one run in ms (drives the step interval). SPEC §9. */
export const LOADING_BAR_DURATION_MS = 2000;

/** Loading bar height in px outside the shell. SPEC §9. */
export const LOADING_BAR_HEIGHT_PX = 3;

/** Loading bar height in px inside the application shell (blue). SPEC §9. */
export const SHELL_LOADING_BAR_HEIGHT_PX = 2;

/** Interval between checks for a newer build, in ms (one hour). SPEC §9. */
export const NEW_BUILD_CHECK_INTERVAL_MS = 3_600_000;

/** Reload guard window in ms: at most one automatic reload within it. SPEC §8, §9. */
export const RELOAD_GUARD_MS = 10_000;

/** Debounce of the details form autosave, in ms. */
export const AUTOSAVE_DEBOUNCE_MS = 800;

/** Delay before retrying a failed autosave, in ms. */
export const AUTOSAVE_RETRY_MS = 3000;

/** Poll interval of an application while its quotes come in (status launched), in ms. */
export const QUOTES_POLL_INTERVAL_MS = 1000;

/** Alert colours of the listing's frontend filter, in the spec's order. SPEC §4 Alert filter. */
export const ALERT_COLORS = ['red', 'orange', 'yellow', 'purple'] as const;

/** One alert colour of SPEC §3 Note. */
export type AlertColor = (typeof ALERT_COLORS)[number];

/** Label of the "no alert filter" choice. SPEC §4 Alert filter. */
export const ALL_ALERTS_LABEL = 'All Alerts';

/** Quote types: label shown and value sent as `carrier_quote_type`. SPEC §9. */
export const QUOTE_TYPES = [
  { value: 'Primary', label: 'Residential Primary' },
  { value: 'Excess', label: 'Residential Excess' },
  { value: 'Commercial', label: 'Commercial' },
  { value: 'Mobile', label: 'Mobile Home' },
] as const;

/** Application types that can be created from the portal (flood first, the default). SPEC §3, §9. */
export const CREATABLE_APPLICATION_TYPES = [
  { value: 'flood', label: 'Flood' },
  { value: 'home', label: 'Home' },
] as const;

/** Message of a create refused because the agent is not licensed in the state. SPEC §8. */
export const INVALID_STATE_MESSAGE = "Invalid state! Agent don't have license for the given address state.";

/** localStorage key of the auth state. SPEC §3 Auth state. */
export const AUTH_STORAGE_KEY = 'mga-portal-auth';

/** localStorage key of the colour mode (light, dark, auto). SPEC §9. */
export const COLOR_SCHEME_STORAGE_KEY = 'mga-portal-color-scheme';
