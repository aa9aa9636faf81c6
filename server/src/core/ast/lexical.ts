// The lexical rules (docs/LANGUAGE.md) that the printer and the mutation checks share:
// identifiers, keywords and how literals are spelled.

export const KEYWORDS: ReadonlySet<string> = new Set([
  'use',
  'type',
  'fn',
  'async',
  'await',
  'let',
  'const',
  'return',
  'if',
  'else',
  'while',
  'for',
  'in',
  'break',
  'continue',
  'true',
  'false',
  'null',
  'and',
  'or',
  'not',
  'throw',
  'try',
  'catch',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER_TOKEN = /^\d+(\.\d+)?([eE][+-]?\d+)?$/;
// A double-quoted string with JSON escapes and no raw line break (the grammar's `string` token).
const STRING_TOKEN = /^"(?:[^"\\\r\n]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/;

/** A name that can be written in source: matches the identifier pattern and is not a keyword. */
export function isIdentifier(text: unknown): text is string {
  return typeof text === 'string' && IDENTIFIER.test(text) && !KEYWORDS.has(text);
}

export type LiteralValue = number | string | boolean | null;

/** Whether a literal value can be written as one literal token (numbers have no sign). */
export function isWritableLiteralValue(value: unknown): value is LiteralValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The canonical spelling of a literal value: JavaScript's String(n) for numbers, JSON for strings. */
export function literalText(value: LiteralValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value < 0 ? -value : value);
  return String(value);
}

/** Whether `raw` is a literal token whose value is `value` (so the source spelling can be kept). */
export function rawSpells(raw: unknown, value: LiteralValue): boolean {
  if (typeof raw !== 'string') return false;
  if (typeof value === 'number') return NUMBER_TOKEN.test(raw) && Number(raw) === value;
  if (typeof value === 'string') return STRING_TOKEN.test(raw) && JSON.parse(raw) === value;
  return raw === String(value);
}
