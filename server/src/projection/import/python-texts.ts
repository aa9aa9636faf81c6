// Python's str methods that have a Whetstone built-in (docs/PROJECTION.md): upper, lower, strip and
// its sides without arguments, startswith and endswith of one text, replace of every occurrence,
// count, rjust, ljust, ord and chr, and the tests isalpha, isdecimal, isdigit, isalnum, isspace,
// islower and isupper (text-kinds.ts). Where Python's meaning may differ (its Unicode tables and
// whitespace for upper, lower and strip, its tables for the tests; characters above U+FFFF for the widths of rjust and ljust,
// ord and chr), the run of the program at import checks the texts it meets (python-float-run.ts).
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import type { AstBuilder } from './ast-builder';

/** Methods of no argument and the built-in each is. */
const WITHOUT_ARGUMENTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    upper: 'upper',
    lower: 'lower',
    strip: 'trim',
    lstrip: 'trimStart',
    rstrip: 'trimEnd',
    isalpha: 'isAlpha',
    isdecimal: 'isDecimal',
    isdigit: 'isDigit',
    isalnum: 'isAlnum',
    isspace: 'isSpace',
    islower: 'isLower',
    isupper: 'isUpper',
  }),
);

/** `receiver.attribute(args)` as a text built-in, or undefined when it is no text method of the tables. */
export function importStrMethod(b: AstBuilder, attribute: string, receiver: () => A.Expression, args: A.Expression[], argNodes: readonly SyntaxNode[], node: SyntaxNode): A.Expression | undefined {
  const builtin = WITHOUT_ARGUMENTS.get(attribute);
  if (builtin && args.length === 0) return b.call(builtin, [receiver()], node);
  // A tuple of prefixes has no Whetstone form (it is left to the report of methods outside the tables).
  if ((attribute === 'startswith' || attribute === 'endswith') && args.length === 1 && argNodes[0]?.type !== 'tuple') return b.call(attribute === 'startswith' ? 'startsWith' : 'endsWith', [receiver(), args[0]], node);
  if (attribute === 'replace' && args.length === 2) return b.call('replace', [receiver(), ...args], node);
  if (attribute === 'count' && args.length === 1) return b.call('countOf', [receiver(), args[0]], node);
  // Python counts the width in characters, Whetstone in UTF-16 units: the run checks the texts.
  if ((attribute === 'rjust' || attribute === 'ljust') && (args.length === 1 || args.length === 2)) return b.call(attribute === 'rjust' ? 'padStart' : 'padEnd', [receiver(), ...args], node);
  return undefined;
}

/** Python's bin, oct and hex: the base and the prefix after the sign. */
const RADIX_FUNCTIONS: Record<string, [number, string]> = { bin: [2, '0b'], oct: [8, '0o'], hex: [16, '0x'] };

/** ord(c) and chr(n) as charCodeAt and fromCharCode: the same below U+10000, which the run checks; bin, oct and hex as radixText. */
export function importStrFunction(b: AstBuilder, name: string, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
  if (name === 'ord' && args.length === 1) return b.call('charCodeAt', [args[0], b.literal(0, node)], node);
  if (name === 'chr' && args.length === 1) return b.call('fromCharCode', args, node);
  // bin, oct and hex of an int (the run checks it is one: Python raises for a float).
  const radix = Object.hasOwn(RADIX_FUNCTIONS, name) ? RADIX_FUNCTIONS[name] : undefined;
  if (radix && args.length === 1) return b.call('radixText', [args[0], b.literal(radix[0], node), b.literal(radix[1], node)], node);
  return undefined;
}

