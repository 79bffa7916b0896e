/**
 * Reading the PDFs the server makes, as a person would: the text of each page through pdfjs-dist
 * (its Node build), and the first page rendered to a PNG file to look at (@napi-rs/canvas, which
 * pdfjs-dist itself uses in Node).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The standard fonts (Helvetica and friends) pdfjs-dist ships, for rendering text. */
const STANDARD_FONTS = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;

async function open(bytes: Uint8Array) {
  // pdfjs takes ownership of the buffer it is given: hand it a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
}

/** The text of every page, items joined by spaces (one string per page). */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await open(bytes);
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

/** Renders page 1 at `scale` into a PNG at `path` (folders created); answers its size in pixels. */
export async function renderFirstPage(
  bytes: Uint8Array,
  path: string,
  scale = 1.5,
): Promise<{ width: number; height: number }> {
  const pdf = await open(bytes);
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, await canvas.encode('png'));
  await pdf.destroy();
  return { width: canvas.width, height: canvas.height };
}
