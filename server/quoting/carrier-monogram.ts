/**
 * The project-made logo of a carrier (issue 19): a monogram SVG of the first letters of its
 * display name's first two words on a colour picked from its name, since no licensed carrier
 * logos are in the repository. White text on each colour meets 4.5:1.
 */

/** Background colours, each with at least 4.5:1 contrast to white text. */
export const MONOGRAM_COLOURS = ['#1c4e80', '#0b6e4f', '#7a2e8e', '#a23b1c', '#2f4858', '#6b4e16'];

/** Up to two capital letters: the first letter or digit of the first two words, e.g. "Neptune Flood" -> "NF". */
export function monogramLetters(displayName: string): string {
  const words = displayName.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => (word[0] ?? '').toUpperCase())
    .join('');
}

/** A stable colour of MONOGRAM_COLOURS for `name` (a carriers.json family name). */
export function monogramColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return MONOGRAM_COLOURS[hash % MONOGRAM_COLOURS.length] as string;
}

/** The 96x96 SVG of a carrier's monogram, titled with its display name (XML-escaped). */
export function carrierMonogramSvg(name: string, displayName: string): string {
  const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.codePointAt(0)};`);
  const title = escapeXml(displayName);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">',
    `<title>${title}</title>`,
    `<rect width="96" height="96" rx="16" fill="${monogramColour(name)}"/>`,
    '<text x="48" y="50" text-anchor="middle" dominant-baseline="central" fill="#ffffff"',
    ` font-family="Arial, Helvetica, sans-serif" font-size="38" font-weight="700">${escapeXml(monogramLetters(displayName))}</text>`,
    '</svg>',
  ].join('');
}
