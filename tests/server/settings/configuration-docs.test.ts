/** docs/configuration.md stays what `npm run docs:config` generates from the declarations (issue 39). */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOCS_PATH, configurationDocs } from '../../../server/settings/configuration-docs.ts';
import { SETTINGS } from '../../../server/settings/setting-declarations.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

describe('docs/configuration.md', () => {
  it('is current: run `npm run docs:config` after changing a declaration', () => {
    expect(readFileSync(join(REPO_ROOT, CONFIGURATION_DOCS_PATH), 'utf8')).toBe(configurationDocs());
  });

  it('lists every setting once, with its default and production requirement', () => {
    const docs = configurationDocs();
    for (const name of Object.keys(SETTINGS)) expect(docs.split(`| \`${name}\` |`)).toHaveLength(2);
    expect(docs).toContain('| `PORT` | a whole number from 1 to 65535 | `3000` |  |');
    expect(docs).toMatch(/\| `PUBLIC_BASE_URL` \| an http:\/\/ or https:\/\/ URL \| {2}\| yes \|/);
  });
});
