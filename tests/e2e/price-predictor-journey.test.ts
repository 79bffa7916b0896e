/**
 * Issue 15 Price predictor end to end in Chromium: on a fresh demo (the sample book seeded and
 * fitted at start), the agent opens Price predictor from the navigation, starts from their Primary
 * application (inputs filled from it), and gets an expected range, the carriers' ranges and what
 * moved the estimate — with no serious axe violation in light or dark mode; Commercial, with no past
 * quotes, is shown but not offered (ADR 761); an admin queues a refit. Screenshots: price-predictor-<mode>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('price predictor in Chromium', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`estimates a premium from the agent's application (${mode})`, async () => {
      const page = await portal.newPage({ bypassCSP: true });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'agent@demo.test');
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Price predictor' })
          .click();
        await page.getByRole('heading', { name: 'Price predictor' }).waitFor();
        // The first fit runs as a job at server start: reload until it is stored.
        await expect
          .poll(
            async () => {
              if (await page.getByText('How the estimate is made').count()) return true;
              await page.reload();
              await page.getByRole('heading', { name: 'Price predictor' }).waitFor();
              return (await page.getByText('How the estimate is made').count()) > 0;
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe(true);

        await page.getByRole('combobox', { name: 'Start from an application' }).click();
        await page.getByRole('option').first().click();
        await page.getByText(/^Inputs filled from the application at/).waitFor();
        expect(await page.getByRole('combobox', { name: 'Flood zone' }).inputValue()).toBe('AE');
        await page.getByRole('button', { name: 'Estimate premium' }).click();
        await page.getByText('Expected annual premium', { exact: true }).waitFor();
        await page.getByText('What moved the estimate').waitFor();
        expect(await page.getByRole('row').count()).toBeGreaterThan(5);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `price-predictor-${mode}`);
      } finally {
        await page.context().close();
      }
    });
  }

  it('offers only the products it predicts, with their measured error, and lets an admin refit', async () => {
    const page = await portal.newPage();
    try {
      await portal.signIn(page, 'admin@demo.test');
      await page.goto(`${portal.baseUrl}/dashboard/price-predictor`);
      await page.getByText(/^On \d+ held-out Residential Primary quotes: off by \d+% \(median\)/).waitFor();
      await page.getByRole('combobox', { name: 'Product' }).click();
      const commercial = page.getByRole('option', { name: /^Commercial.* \(too few past quotes\)$/ });
      expect(await commercial.getAttribute('data-combobox-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Refit now' }).click();
      await page.getByText('Refit queued').waitFor();
    } finally {
      await page.context().close();
    }
  });
});
