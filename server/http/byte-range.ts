/**
 * The one byte range a GET answers (RFC 9110 §14): what a `Range` header asks of a body of `size`
 * bytes. docs/decisions/261-byte-ranges.md.
 */

/** Inclusive first and last byte offsets of a satisfiable range. */
export interface ByteRange {
  start: number;
  end: number;
}

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * The range `header` asks of `size` bytes:
 * - null: answer the whole body (200): no header, another unit, a malformed or reversed spec,
 *   or several ranges (RFC 9110 lets a server ignore a Range it does not serve);
 * - 'unsatisfiable': answer 416: the first byte is at or past the end, an empty suffix, or an
 *   empty body;
 * - else the range, its end clipped to the last byte (`a-b`, `a-`, and the suffix `-n`).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const specs = match[1].split(',').map((spec) => spec.trim());
  if (specs.length !== 1) return null;
  const parts = RANGE_SPEC.exec(specs[0]);
  if (!parts || (parts[1] === '' && parts[2] === '')) return null;
  // Offsets past 2^53 are parsed as huge numbers, not rejected: they are simply past the end.
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const last = parts[2] === '' ? Number.POSITIVE_INFINITY : Number(parts[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}
