/**
 * Debian's Chromium (`apt-get install chromium`, /usr/bin/chromium) through playwright-core, headless
 * on machines with no network but the loopback: the one way the journeys, the benches and the
 * fixture scripts open a browser. Never downloads one.
 */
import { type Browser, chromium } from 'playwright-core';

/**
 * The features playwright-core turns off in every Chromium it launches (its chromiumSwitches.ts).
 * Chromium reads only the last `--disable-features` it is given, and ours comes after Playwright's,
 * so ours repeats them: tests/helpers/chromium-flags.test.ts fails when playwright-core's list
 * changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI nobody sees in headless mode: Chromium 156 loads the address bar's popup as WebUI
 * (chrome://omnibox-popup.top-chrome/ and its AI Mode page) in renderers of their own for every
 * window, one window per browser context, about half a second of CPU each (ADR 790).
 */
export const UNSEEN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags for headless Chromium on machines with no network but the loopback (DEVELOPERS' list). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI_FEATURES].join(',')}`,
];

/** Launches /usr/bin/chromium with CHROMIUM_ARGS; rejects when it does not start. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
