/**
 * The flags every test browser starts with (tests/e2e/chromium.ts, ADR 790): they keep every feature
 * playwright-core turns off, and a browser context opens no browser UI of its own (the omnibox
 * popup's WebUI renderers), which a launch with Playwright's flags alone does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, launchChromium, PLAYWRIGHT_DISABLED_FEATURES } from '../e2e/chromium.ts';

/** The features playwright-core's own launch turns off, read from its bundled chromiumSwitches. */
function playwrightDisabledFeatures(): string[] {
  const packageDir = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(packageDir, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  if (!list) throw new Error('playwright-core no longer lists disabledFeatures in lib/coreBundle.js');
  const code = list
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return [...code.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

/** The type and URL of every target of `browser` while one context shows one page. */
async function targetsWithOnePage(browser: Browser): Promise<string[]> {
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.setContent('<h1>Quotes</h1>');
    // The browser UI's renderers start after the window opens.
    await page.waitForTimeout(500);
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos.map((target) => `${target.type} ${target.url}`);
  } finally {
    await browser.close();
  }
}

describe('the test browser’s flags', () => {
  it('keep every feature playwright-core turns off (Chromium reads only the last --disable-features)', () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(playwrightDisabledFeatures().sort());
    expect(CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='))).toHaveLength(1);
  });

  it('open no browser UI beside the page, which Playwright’s flags alone do', async () => {
    const ours = await targetsWithOnePage(await launchChromium());
    expect(ours).toEqual(['page about:blank']);
    const withoutOurs = await targetsWithOnePage(
      await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')),
      }),
    );
    expect(
      withoutOurs.filter((target) => target.startsWith('browser_ui chrome://omnibox-popup')),
    ).not.toEqual([]);
  }, 60_000);
});
