// JavaScript's string methods that have a Whetstone built-in of the same meaning (docs/PROJECTION.md):
// toUpperCase, toLowerCase, trim and its sides, startsWith and endsWith of one text, substring,
// padStart, padEnd, charCodeAt, charAt, String.fromCharCode of one code, and replaceAll of a text by a text, and replace of a text literal by one without `$` as replaceFirst.
// replace of anything else (a regular expression, a new text that may hold `$` patterns) is an error saying what to write.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import type { AstBuilder } from './ast-builder';

/** Methods of no argument and the built-in each is. */
const WITHOUT_ARGUMENTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    toUpperCase: 'upper',
    toLowerCase: 'lower',
    trim: 'trim',
    trimStart: 'trimStart',
    trimLeft: 'trimStart',
    trimEnd: 'trimEnd',
    trimRight: 'trimEnd',
  }),
);

const text = (node: A.Expression | undefined): string | undefined => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);

/** `receiver.property(args)` as a text built-in, an error where the meanings differ, or undefined when it is no text method of the tables. */
export function importTextMethod(b: AstBuilder, property: string, receiver: () => A.Expression, receiverName: string | undefined, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
  const builtin = WITHOUT_ARGUMENTS.get(property);
  if (builtin && args.length === 0) return b.call(builtin, [receiver()], node);
  if ((property === 'startsWith' || property === 'endsWith') && args.length === 1) return b.call(property, [receiver(), args[0]], node);
  if (property === 'substring' && (args.length === 1 || args.length === 2)) return b.call('substring', [receiver(), ...args], node);
  if ((property === 'padStart' || property === 'padEnd') && (args.length === 1 || args.length === 2)) return b.call(property, [receiver(), ...args], node);
  if (property === 'charCodeAt' && args.length <= 1) return b.call('charCodeAt', [receiver(), ...args], node);
  if (property === 'charAt' && args.length <= 1) return b.call('charAt', [receiver(), ...args], node);
  if (property === 'fromCharCode' && receiverName === 'String' && args.length === 1) return b.call('fromCharCode', args, node);
  if (property === 'replaceAll' && args.length === 2) {
    const [old, replacement] = [text(args[0]), text(args[1])];
    // An empty old text goes between the halves of a character above U+FFFF in JavaScript, not in Whetstone.
    if (old !== undefined && old !== '' && replacement !== undefined && !replacement.includes('$')) return b.call('replace', [receiver(), ...args], node);
    return b.errorNode(
      node,
      'replaceAll(…) of other than a non-empty text literal by a text literal without $',
      "Whetstone's replace takes the new text as it is, where JavaScript's reads $& and $1 in it, and puts an empty old text between characters, where JavaScript's cuts one above U+FFFF in two; a regular expression has no Whetstone form. Write the texts as literals, or a loop.",
    );
  }
  if (property === 'replace' && args.length === 2) {
    // A text by a text without $ patterns: the first occurrence replaced, as replaceFirst does.
    const [old, replacement] = [text(args[0]), text(args[1])];
    if (old !== undefined && replacement !== undefined && !replacement.includes('$')) return b.call('replaceFirst', [receiver(), ...args], node);
    return b.errorNode(
      node,
      'replace(…) of other than a text literal by a text literal without $ (it reads $ patterns in the new text; a regular expression has no Whetstone form)',
      'Write the old and new texts as literals (replaceFirst), replaceAll if each occurrence is meant, or indexOf and slice.',
    );
  }
  return undefined;
}
