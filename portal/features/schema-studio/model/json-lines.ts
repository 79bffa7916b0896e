/**
 * Lines of a JSON text for the raw JSON view (issue 11), with jsonc-parser: the syntax errors of a
 * text with their line and column, and the line a JSON path points at (for lint problems).
 * Lines and columns are 1-based.
 */
import { findNodeAtLocation, type ParseError, parse, parseTree, printParseErrorCode } from 'jsonc-parser';

/** A syntax error at a place in the text. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  message: string;
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line += 1;
    start = at + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Parses strict JSON (no comments, no trailing commas): the value, or every syntax error with its
 * line and column.
 */
export function parseJsonWithLines(text: string): { value: unknown } | { errors: JsonSyntaxError[] } {
  const errors: ParseError[] = [];
  const value = parse(text, errors, {
    allowTrailingComma: false,
    disallowComments: true,
    allowEmptyContent: false,
  });
  if (errors.length === 0) return { value };
  return {
    errors: errors.map((error) => ({
      ...lineAndColumn(text, error.offset),
      message: printParseErrorCode(error.error)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    })),
  };
}

/** The 1-based line where the value at `path` starts in `text` (valid JSON), or null when it is not there. */
export function lineOfPath(text: string, path: (string | number)[]): number | null {
  const tree = parseTree(text);
  if (!tree) return null;
  const node = findNodeAtLocation(tree, path);
  return node ? lineAndColumn(text, node.offset).line : null;
}
