// JavaScript's String, Array, Number and Math members that have a Whetstone form of the same
// meaning (docs/PROJECTION.md): s.repeat(n), xs.at(k) of a whole literal k, xs.flat(), x.lastIndexOf(v),
// xs.findIndex(f) (with the walks), n.toFixed(d), Number.isInteger, Math.sign, and the
// Array.from forms that make a list of a length or copy a list.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import type { AstBuilder } from './ast-builder';

/** The parts of the importer a library member needs: expressions of syntax nodes, and whether a receiver is read twice safely. */
export interface LibraryImport {
  readonly b: AstBuilder;
  expression(node: SyntaxNode): A.Expression;
  /** Whether reading `node` twice gives the same value without an effect (a name, members and elements of one). */
  readsOnly(node: SyntaxNode): boolean;
}

/** A whole number written as a literal, with its sign: `2`, `-1`; undefined for any other expression. */
export function wholeLiteral(node: SyntaxNode | undefined): number | undefined {
  if (!node) return undefined;
  if (node.type === 'parenthesized_expression') return wholeLiteral(node.namedChildren[0] ?? undefined);
  const negative = node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '-';
  const digits = negative ? node.childForFieldName('argument') : node;
  if (digits?.type !== 'number' || !/^\d+$/.test(digits.text)) return undefined;
  const value = Number(digits.text);
  return Number.isSafeInteger(value) ? (negative ? -value : value) : undefined;
}

/** `receiver.property(args)` as a Whetstone expression, an error where the meanings differ, or undefined when it is none of these members. */
export function importLibraryMethod(self: LibraryImport, property: string, receiver: SyntaxNode, written: SyntaxNode[], args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
  const { b } = self;
  switch (property) {
    case 'repeat':
      // Only a text has repeat: a count below zero or infinite is a RangeError, as repeatText stops.
      return args.length === 1 ? b.call('repeatText', [self.expression(receiver), args[0]], node) : undefined;
    case 'lastIndexOf':
      // A second argument (where to search back from) stays outside the tables.
      return args.length === 1 ? b.call('lastIndexOf', [self.expression(receiver), args[0]], node) : undefined;
    case 'toFixed':
      return args.length <= 1 ? b.call('toFixed', [self.expression(receiver), ...args], node) : undefined;
    case 'flat': {
      if (args.length > 1 || (args.length === 1 && wholeLiteral(written[0]) !== 1)) {
        return b.errorNode(node, 'flat(…) of a depth other than 1', "Whetstone's flat takes the elements of a list's lists one level deep; write flat(flat(xs)) for two.");
      }
      return b.call('flat', [self.expression(receiver)], node);
    }
    case 'at': {
      if (args.length !== 1) return undefined;
      const index = wholeLiteral(written[0]);
      // A negative index reads the receiver twice (its length, then the element): a name, or a literal list of names and literals.
      const twice = self.readsOnly(receiver) || (receiver.type === 'array' && receiver.namedChildren.every((element) => element !== null && self.readsOnly(element)));
      if (index === undefined && twice && written[0] && self.readsOnly(written[0])) {
        // xs.at(i) of a name i: from the end when negative; a fraction or NaN stops Whetstone's index, where at() truncates it.
        const at = written[0];
        const negative = b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '<', left: self.expression(at), right: b.literal(0, at) });
        const fromEnd = b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '+', left: b.call('len', [self.expression(receiver)], at), right: self.expression(at) });
        const position = b.make<A.ConditionalExpression>('ConditionalExpression', at, { condition: negative, consequent: fromEnd, alternate: self.expression(at) });
        return b.make<A.IndexExpression>('IndexExpression', node, { object: self.expression(receiver), index: position });
      }
      if (index === undefined || (index < 0 && !twice)) {
        return b.errorNode(
          node,
          'at(…) of other than a whole literal or a name (on a name, a member or an element)',
          'at() counts a negative index from the end and gives undefined outside the list, where a Whetstone index stops the program; write xs[i], or xs[xs.length - k] for the k-th from the end.',
        );
      }
      // Outside the list or text JavaScript gives undefined; the index stops the program there, as pop of an empty list does.
      const object = self.expression(receiver);
      const position = index >= 0 ? b.literal(index, written[0]) : b.make<A.BinaryExpression>('BinaryExpression', written[0], { operator: '-', left: b.call('len', [self.expression(receiver)], written[0]), right: b.literal(-index, written[0]) });
      return b.make<A.IndexExpression>('IndexExpression', node, { object, index: position });
    }
    default:
      return undefined;
  }
}

/** Math's functions that V8 computes with its own port of fdlibm and Python's math with the C library. */
const OWN_DIGITS = new Set(['log', 'log2', 'log10', 'log1p', 'exp', 'expm1', 'hypot', 'cbrt', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh']);

/** `Number.isInteger(x)` and `Math.sign(x)` as the built-in of the same meaning, an error for Math's functions whose digits differ, or undefined. */
export function importLibraryFunction(b: AstBuilder, object: string, property: string, args: A.Expression[], node: SyntaxNode): A.Expression | undefined {
  if (object === 'Math' && OWN_DIGITS.has(property)) {
    return b.errorNode(
      node,
      `Math.${property}(…) (JavaScript computes it with V8's own routine, Python's math with the C library: the last digit differs for some numbers, and Python raises where JavaScript gives NaN or an infinity)`,
      'Whetstone has no built-in for it yet: compute it from sqrt, pow and the operators, or keep this part in JavaScript.',
    );
  }
  if (args.length !== 1) return undefined;
  if (object === 'Number' && property === 'isInteger') return b.call('isInteger', args, node);
  if (object === 'Math' && property === 'sign') return b.call('sign', args, node);
  return undefined;
}
