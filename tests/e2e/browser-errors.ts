/**
 * What a journey's pages said went wrong, for the failure message: console errors and uncaught
 * errors as one line each, gathered from the moment the listener is attached.
 */
import type { Page } from 'playwright-core';

/** The lines the page logs as console errors or throws uncaught, filled as they happen. */
export function browserErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * `error` with the browser's errors appended to its message, the same object, so that an
 * assertion's expected and actual (the diff the runner prints: which axe violation, which value)
 * survive; anything thrown that is not an Error is wrapped in one.
 */
export function withBrowserErrors(error: unknown, browserErrors: string[]): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  failure.message = `${failure.message}\nbrowser errors:\n${browserErrors.join('\n')}`;
  return failure;
}
