/**
 * The files carriers.json names (issue 19): every `image` path answers a monogram SVG with the
 * carrier's initials and name, no script may run in it, and each monogram colour meets 4.5:1
 * against its white letters; every `guideDocument` path answers a PDF of that entry's appetite
 * (the first page of two guides is rendered to test-results/carrier-guides/ to look at); other
 * names are 404.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriersFile } from '../../../carrier-catalog/carriers-file.ts';
import { carrierGuide } from '../../../server/quoting/carrier-guide.ts';
import {
  carrierMonogramSvg,
  MONOGRAM_COLOURS,
  monogramColour,
  monogramLetters,
} from '../../../server/quoting/carrier-monogram.ts';
import { pdfPagesText, renderFirstPage } from '../helpers/pdf-text.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const family = (name: string) => {
  const entry = carriersFile.carriers.find((carrier) => carrier.name === name);
  if (!entry) throw new Error(name);
  return entry;
};

/** WCAG 2 contrast of white on `hex`. */
function contrastWithWhite(hex: string): number {
  const channel = (index: number) => {
    const value = Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

describe('carrier monograms', () => {
  it('take the first letters of the first two words', () => {
    expect(monogramLetters('Neptune Flood')).toBe('NF');
    expect(monogramLetters('NatGen NFIP')).toBe('NN');
    expect(monogramLetters('Hippo')).toBe('H');
    expect(monogramLetters('Johnson & Johnson')).toBe('JJ');
  });

  it('use colours with at least 4.5:1 contrast, picked stably from the name', () => {
    for (const colour of MONOGRAM_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(MONOGRAM_COLOURS).toContain(monogramColour(name));
        expect(monogramColour(name)).toBe(monogramColour(name));
      }),
    );
  });

  it('escape the display name', () => {
    expect(carrierMonogramSvg('x', 'A <b> & "c"')).toContain(
      '<title>A &#60;b&#62; &#38; &#34;c&#34;</title>',
    );
  });
});

describe('GET /carriers/<name>.svg and /guides/<file>.pdf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every carriers.json image, and 404 for any other name', async () => {
    for (const carrier of carriersFile.carriers) {
      const answer = await t.app.inject({ method: 'GET', url: carrier.image });
      expect(answer.statusCode, carrier.image).toBe(200);
      expect(answer.headers['content-type']).toBe('image/svg+xml');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(answer.body).toContain(`>${monogramLetters(carrier.displayName)}</text>`);
    }
    for (const url of ['/carriers/nobody.svg', '/carriers/..%2Fcarriers.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('answers every carriers.json guide as a PDF of that carrier’s appetite, and 404 for any other name', async () => {
    for (const carrier of carriersFile.carriers) {
      expect(carrier.guideDocument, carrier.name).toMatch(/^\/guides\/[a-z0-9-]+\.pdf$/);
      const answer = await t.app.inject({ method: 'GET', url: carrier.guideDocument as string });
      expect(answer.statusCode, carrier.name).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      const text = (await pdfPagesText(answer.rawPayload)).join(' ');
      const guide = carrierGuide(carrier, carriersFile);
      expect(text, carrier.name).toContain(carrier.displayName);
      for (const program of guide.programs) {
        expect(text).toContain(program.states.slice(0, 3).join(', '));
        for (const decline of program.declines) expect(text).toContain(decline.id);
      }
      if (carrier.name === 'natgen_nfip' || carrier.name === 'wright') {
        await renderFirstPage(
          answer.rawPayload,
          join('test-results', 'carrier-guides', `${carrier.name}.png`),
        );
      }
    }
    const natgen = (
      await pdfPagesText(
        (
          await t.app.inject({ method: 'GET', url: family('natgen_nfip').guideDocument as string })
        ).rawPayload,
      )
    ).join(' ');
    expect(natgen).toContain('$250,000');
    expect(natgen).toContain('Building limit above the NFIP residential maximum of $250,000.');
    for (const url of ['/guides/nobody.pdf', '/guides/..%2Fcarriers.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
