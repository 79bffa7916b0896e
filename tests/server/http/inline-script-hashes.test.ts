import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../server/http/inline-script-hashes.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, not src scripts or empty ones', () => {
    const html = `<head><script>\n  a();\n</script><script type="module" src="/x.js"></script><script></script><SCRIPT data-x="1">b()</SCRIPT></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('\n  a();\n'), sha('b()')]);
  });

  it('hashes the exact text of any inline script (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.toLowerCase().includes('</script') && s.trim() !== ''),
        (body) => {
          expect(inlineScriptHashes(`<html><script>${body}</script></html>`)).toEqual([sha(body)]);
        },
      ),
    );
  });
});
