/**
 * How long the launch pipeline waits for one carrier's answer before aborting its request and
 * recording a timeout, in ms. Five seconds keeps the quotes view filling while the agent watches:
 * sandbox answers take at most 400 ms, and a real carrier slower than this is reported as a
 * timeout rather than holding the whole launch. ARCHITECTURE §Carriers.
 */
export const QUOTE_TIMEOUT_MS = 5000;
