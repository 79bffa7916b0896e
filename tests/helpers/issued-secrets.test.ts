/**
 * The grep of the whole run's server logs (tests/helpers/issued-secrets.ts, ADR 755): what an
 * answer or a mail counts as issued, and that a log holding an issued secret as a word (in a URL's
 * path or query, after a percent-escape, between any separators) is a leak while a log of other
 * words, or of redacted URLs, is not.
 * On folders of its own, not the run's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { leakedSecrets, secretsIn } from './issued-secrets.ts';

const KEY = 'a3f1'.repeat(16);
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Leaks of `log` (one log file) against `secrets` (one secrets file), in folders of their own. */
function leaksOf(log: string, secrets: string[]): string[] {
  const root = mkdtempSync(join(tmpdir(), 'issued-secrets-'));
  folders.push(root);
  mkdirSync(join(root, 'logs'));
  mkdirSync(join(root, 'secrets'));
  writeFileSync(join(root, 'logs', '1-0.log'), log);
  writeFileSync(join(root, 'secrets', '1-0.txt'), `${secrets.join('\n')}\n`);
  return leakedSecrets(join(root, 'logs'), join(root, 'secrets'));
}

describe('secretsIn', () => {
  it('takes the secret fields of an answer, its recovery codes and the tokens of links', () => {
    const answer = JSON.stringify({
      status: 'success',
      data: {
        session_key: KEY,
        mfa_token: 'b'.repeat(64),
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        recovery_codes: ['k7m2p-x9qrt', 'abcde-fghjk'],
        user: { name: 'Ada', session_count: 2 },
      },
    });
    expect(secretsIn(answer).sort()).toEqual(
      [KEY, 'b'.repeat(64), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'k7m2p-x9qrt', 'abcde-fghjk'].sort(),
    );
    expect(
      secretsIn(`Reset: https://portal.test/auth/reset-password?token=${'c'.repeat(64)}&invite=1`),
    ).toEqual(['c'.repeat(64)]);
    expect(secretsIn('{"status":"success","data":{"users":[]}}')).toEqual([]);
  });
});

describe('leakedSecrets', () => {
  it('finds an issued secret anywhere in a log, by its first characters and the file', () => {
    const line = (url: string) =>
      `{"level":30,"req":{"method":"GET","url":"${url}"},"msg":"incoming request"}\n`;
    for (const url of [
      `/api/files/1?session_key=${KEY}`,
      `/api/files/${KEY}`,
      `/api/x?q=%22${KEY}%22`,
      `/auth/reset-password?token=${KEY}&invite=1`,
    ])
      expect(leaksOf(line(url), [KEY])).toEqual(['a3f1a3… in test-results/server-logs/1-0.log']);
    expect(leaksOf(line('/api/files/1?session_key=[redacted]'), [KEY])).toEqual([]);
    expect(leaksOf(line('/api/files/1'), [])).toEqual([]);
  });

  it('finds a secret of any shape placed among other words, and nothing when no word is one', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{11,70}$/);
    const words = fc.array(fc.stringMatching(/^[a-z]{0,12}$/), { maxLength: 8 });
    const separator = fc.constantFrom(' ', '=', '/', '"', '&', ',', ':');
    fc.assert(
      fc.property(secret, words, words, separator, fc.boolean(), (issued, before, after, sep, present) => {
        const log = [...before, present ? issued : '', ...after].join(sep);
        const found = log.split(/[^A-Za-z0-9_-]/).includes(issued);
        expect(leaksOf(log, [issued]).length).toBe(found ? 1 : 0);
        if (present) expect(found).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
