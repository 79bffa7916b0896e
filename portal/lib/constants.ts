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
/** A time this close to now, in ms, reads "Just now" (SPEC §9: the recent-time check defaults to 1 minute). */
export const RECENT_TIME_MS = 60_000;

/** Reload guard window in ms: at most one automatic reload within it. SPEC §8, §9. */
export const RELOAD_GUARD_MS = 10_000;

/** Debounce of the details form autosave, in ms. */
export const AUTOSAVE_DEBOUNCE_MS = 800;

/** Delay before retrying a failed autosave, in ms; doubled on each further failure. */
export const AUTOSAVE_RETRY_MS = 3000;

/** Longest delay between autosave retries, in ms (the backoff stops doubling here). */
export const AUTOSAVE_RETRY_MAX_MS = 30_000;

/** Poll interval of an application while its quotes come in (status launched), in ms. */
export const QUOTES_POLL_INTERVAL_MS = 1000;

/** Poll interval of an application's background pre-fill while it is queued or running, in ms (issue 40). */
export const PREFILL_POLL_INTERVAL_MS = 1000;

/** Alert colours of the listing's frontend filter, in the spec's order. SPEC §4 Alert filter. */
export const ALERT_COLORS = ['red', 'orange', 'yellow', 'purple'] as const;

/** One alert colour of SPEC §3 Note. */
export type AlertColor = (typeof ALERT_COLORS)[number];

/** What each alert colour tells the agent happened (SPEC §3 Note, Alert colour), for tooltips. */
export const ALERT_MEANINGS: Record<AlertColor, string> = {
  red: 'an automatic launch failed',
  orange: 'a completion or timeout message went out, or a timeout e-mail or SMS failed',
  yellow: 'a carrier timed out and the timeout e-mail, SMS or quote followed',
  purple: 'a note needs attention',
};

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

/** AI-assistant frame size in px while closed (the launcher only). SPEC §4, §9. */
export const AI_FRAME_CLOSED_SIZE = { width: 110, height: 110 } as const;

/** AI-assistant frame size in px while open. SPEC §4, §9. */
export const AI_FRAME_OPENED_SIZE = { width: 430, height: 775 } as const;

/** Delay in ms before the frame shrinks to its closed size, so its closing animation can finish. SPEC §4, §9. */
export const AI_FRAME_SHRINK_DELAY_MS = 1000;

/** Message the AI-assistant frame posts when it opens. SPEC §4 AI-assistant frame. */
export const AI_FRAME_OPENED_MESSAGE = 'iframeOpened';

/** Message the AI-assistant frame posts when it closes. SPEC §4 AI-assistant frame. */
export const AI_FRAME_CLOSED_MESSAGE = 'iframeClosed';

/** How far in px the chat bubble moves from the right for testing companies (room for the AI frame). SPEC §2, §9. */
export const CHAT_BUBBLE_OFFSET_PX = 110;

/**
 * Chat widget polling, in order: up to `attempts` looks every `intervalMs` ms for the widget's
 * launcher after its script is added. SPEC §9: 100 x 100 ms, then 200 x 150 ms.
 */
export const CHAT_WIDGET_POLL_PHASES = [
  { attempts: 100, intervalMs: 100 },
  { attempts: 200, intervalMs: 150 },
] as const;

/** Where the chat widget's launcher is found once its script ran (ADR 093). */
export const CHAT_WIDGET_LAUNCHER_SELECTOR = '[data-chat-widget-launcher], #chat-widget-container';

/** id of the script element that loads the chat widget (added once). */
export const CHAT_WIDGET_SCRIPT_ID = 'mga-chat-widget-script';

/** One day in ms (expiry and trial day counts). */
export const DAY_MS = 86_400_000;

/** The confirmation shown after a forgot-password request, whatever the address (docs/api-accounts.md). */
export const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that e-mail, a reset link has been sent.';

/** Shortest and longest password the server accepts (docs/api-accounts.md: 8..200). */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

/**
 * The three agent-only pages a super-admin is sent away from, to /dashboard (SPEC §2 Guards, §6;
 * ADR 090): each starts a new application as the signed-in agent.
 */
export const SUPER_ADMIN_REDIRECTED_PATHS = [
  '/agent-portal',
  '/agent-portal/commercial-flood',
  '/agent-portal/excess-flood',
] as const;

/** The page open to anyone, signed in or not (SPEC §2 Guards; ADR 091). */
export const OPEN_PAGE_PATH = '/dashboard/api-partner';

/** The product's own name: header and page title when the agency has not set a portal name. */
export const PRODUCT_NAME = 'Rocket MGA';

/** The application source of applications created in the portal (record schema default, SPEC §3). */
export const DEFAULT_APPLICATION_SOURCE = 'Agent Portal';
