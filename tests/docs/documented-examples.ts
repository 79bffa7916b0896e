/**
 * The request and answer examples of docs/api.md and docs/api-accounts.md, read from their text
 * (issue 45): each `call` `{body}` -> `data = {keys}` line of a list, each row of a
 * `| call | body | answer |` table, and each row of the error table (`| case | code | message |`).
 * tests/docs/api-examples.test.ts sends them to the server, so a claim cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One documented call: where it is, the call as written (`agent-portal/get-contact`), the answer's documented top-level `data` keys. */
export interface DocumentedCall {
  doc: string;
  line: number;
  call: string;
  /** The keys of `data` the docs name (`data = {a, b?}` gives a and b; optional ones end with `?`). */
  keys: string[];
  /** True when the docs spell `data` out whole (`data = {...}`), false for `data.<key>` (one part). */
  whole: boolean;
}

/** One row of an error table: its case in words, the status and the message (its fixed start). */
export interface DocumentedError {
  doc: string;
  line: number;
  case: string;
  /** The documented status, or either of two (`403 / 404`). */
  codes: number[];
  message: string;
}

const DOCS_DIR = resolve(import.meta.dirname, '../../docs');

/** The top-level keys of a documented object `{a, b?: x, c: {d}}`: a, b?, c. */
export function topLevelKeys(object: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of object) {
    if ('{[('.includes(char)) depth++;
    if ('}])'.includes(char)) depth--;
    if (char === ',' && depth === 0) {
      keys.push(part);
      part = '';
    } else part += char;
  }
  keys.push(part);
  return keys
    .map((key) => /^\s*([a-zA-Z_][a-zA-Z0-9_]*\??)/.exec(key)?.[1])
    .filter((key): key is string => key !== undefined);
}

/** The object literal that opens at `text[start]` (a `{`), without its braces. */
function objectAt(text: string, start: number): string {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text[index] === '{') depth++;
    if (text[index] === '}' && --depth === 0) return text.slice(start + 1, index);
  }
  return text.slice(start + 1);
}

/**
 * Every documented answer of the list items of `doc` (a file of docs/): an item that names a call in
 * backticks and, after `->`, `data = {...}`, `data: {...}` or `data.<key>`.
 */
export function documentedCalls(doc: string): DocumentedCall[] {
  const lines = readFileSync(resolve(DOCS_DIR, doc), 'utf8').split('\n');
  const calls: DocumentedCall[] = [];
  // A section may say `Under /api/<prefix>/`: its calls are written without the prefix.
  let prefix = '';
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].startsWith('## ')) prefix = '';
    const under = /^Under `\/api\/([a-z-/]+\/)`/.exec(lines[index]);
    if (under) prefix = under[1];
    const table = /^\| `([a-z0-9-]+(?:\/[a-z0-9-]+)+)` \| `\{.*?\}`.*? \| `\{(.*?)\}`/.exec(lines[index]);
    if (table) {
      calls.push({ doc, line: index + 1, call: table[1], keys: topLevelKeys(table[2]), whole: true });
      continue;
    }
    const item = /^- `(?:POST \/api\/)?([a-z0-9-]+(?:\/[a-z0-9-]+)*)(?:\?[^`]*)?`/.exec(lines[index]);
    if (!item) continue;
    // The item runs on while the next lines are indented.
    let text = lines[index];
    for (let next = index + 1; next < lines.length && /^ {2}\S/.test(lines[next]); next++)
      text += ` ${lines[next].trim()}`;
    const same = /-> same `data` as ([a-z-]+)/.exec(text);
    const sameAs = same && calls.find((call) => call.call.endsWith(`/${same[1]}`));
    const call = item[1].includes('/') ? item[1] : `${prefix}${item[1]}`;
    // "same `data` as login, without a new key"
    const withoutKey = (key: string) => !(key === 'session_key' && text.includes('without a new key'));
    if (sameAs) calls.push({ ...sameAs, doc, line: index + 1, call, keys: sameAs.keys.filter(withoutKey) });
    const arrow = /->\s*`data(?:\s*=\s*|:\s*|\.)/.exec(text);
    if (!arrow) continue;
    const after = text.slice(arrow.index + arrow[0].length);
    const whole = after.startsWith('{');
    const keys = whole ? topLevelKeys(objectAt(after, 0)) : [/^[a-zA-Z_]+/.exec(after)?.[0] ?? ''];
    calls.push({ doc, line: index + 1, call, keys, whole });
  }
  return calls;
}

/** The rows of `doc`'s error table (`| case | code | message |`) whose message is in backticks. */
export function documentedErrors(doc: string): DocumentedError[] {
  const lines = readFileSync(resolve(DOCS_DIR, doc), 'utf8').split('\n');
  const errors: DocumentedError[] = [];
  lines.forEach((line, index) => {
    const row = /^\| (.+?) \| (\d{3}(?: \/ \d{3})?) \| (?:[^`|]*?)`([^`]+)`/.exec(line);
    if (row) {
      const codes = row[2].split(' / ').map(Number);
      errors.push({ doc, line: index + 1, case: row[1], codes, message: row[3] });
    }
  });
  return errors;
}
