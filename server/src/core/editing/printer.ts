// AST to canonical Whetstone text (docs/LANGUAGE.md "Text from the AST"), comments kept.
//
// The canonical form: 2-space indent, one statement per line, annotations one per line above
// what they annotate, one space around binary and assignment operators and after commas,
// `fn name(a: T, b: U = 1): R {`, `} else {`, object literals and type bodies as `{ a: 1 }`,
// `&&` / `||` / `!` for `and` / `or` / `not` (the AST does not remember which was written).
// Blank lines: inside a block at most one, where the source had one; at top level one before and
// after every function and between the imports and what follows, elsewhere as in the source.
// A bracketed list (parameters, arguments, fields, elements, properties) that holds a comment is
// laid out one item per line with a trailing comma, so the comment can stay where it was.
import {
  STATEMENT_TYPES,
  type Annotation,
  type AnnotationArgValue,
  type Block,
  type Expression,
  type Literal,
  type Node,
  type NodeType,
  type Program,
  type Span,
} from '../ast/ast';
import { literalText, rawSpells } from '../ast/lexical';
import { normalizeType } from '../ast/type-text';
import { CommentPlacement, placeComments } from '../syntax/comment-placement';
import { annotationsOf } from '../syntax/layout';
import type { SourceComment } from '../syntax/source-scan';

export const INDENT_UNIT = '  ';

export interface PrintOptions {
  /** The indentation of the line the node starts on; its first line is not indented. */
  indent?: string;
  /** The document's comments; those inside the node are printed in place. */
  comments?: readonly SourceComment[];
  /** The text the spans and comments point into (to find list brackets for comments). */
  source?: string;
  /** Comments already sorted into slots (instead of comments + source). */
  placement?: CommentPlacement;
  /**
   * Text to use for a node instead of printing it (mutate copies unchanged subtrees from the
   * source). Called for every node before it is printed; undefined means print it.
   */
  verbatim?: (node: Node) => string | undefined;
}

/**
 * The whole document as canonical text, every comment kept (this is "format document"). Line
 * breaks are `\n`, or `\r\n` when the source has them.
 */
export function printDocument(ast: Program, comments: readonly SourceComment[] = [], source?: string): string {
  const printed = new Printer(placeComments(ast, comments, source)).root(ast, '');
  return source?.includes('\r\n') ? printed.replace(/\r?\n/g, '\r\n') : printed;
}

/** One node as canonical text; its own leading and trailing comments are not included. */
export function printNode(node: Node, options: PrintOptions = {}): string {
  const placement = options.placement ?? placeComments(node, options.comments ?? [], options.source);
  return new Printer(placement, options.verbatim).root(node, options.indent ?? '');
}

/** A type string in canonical spelling (left as written when it is not a valid type). */
export function printType(text: string): string {
  return normalizeType(text) ?? text.trim();
}

/** A literal: its source spelling when that still spells its value, else the canonical one. */
export function printLiteral(literal: Pick<Literal, 'value' | 'raw'>): string {
  const { value, raw } = literal;
  if (typeof value === 'number' && value < 0) return `-${literalText(-value)}`;
  return rawSpells(raw, value) ? raw : literalText(value);
}

// Precedence, lowest first (docs/LANGUAGE.md "Expressions"). A lambda's expression body reaches as
// far right as it can, so a lambda binds loosest of all.
const LAMBDA = 0;
const CONDITIONAL = 0.5;
/** `x is number` binds as the comparisons do. */
const TYPE_TEST = 4;
const UNARY = 11;
const POSTFIX = 13;
const PRIMARY = 14;
const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '|': 5,
  '^': 6,
  '&': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
  '**': 12,
};

export function precedence(node: Node): number {
  switch (node.type) {
    case 'Lambda':
      return LAMBDA;
    case 'ConditionalExpression':
      return CONDITIONAL;
    case 'BinaryExpression':
      return BINARY_PRECEDENCE[node.operator] ?? PRIMARY;
    case 'TypeTest':
      return TYPE_TEST;
    case 'UnaryExpression':
      return UNARY;
    case 'Literal':
      return typeof node.value === 'number' && node.value < 0 ? UNARY : PRIMARY;
    case 'CallExpression':
    case 'MemberExpression':
    case 'IndexExpression':
      return POSTFIX;
    default:
      return PRIMARY;
  }
}

const startsWithMinus = (node: Node): boolean =>
  (node.type === 'UnaryExpression' && node.operator === '-') ||
  (node.type === 'Literal' && typeof node.value === 'number' && node.value < 0);

/**
 * Whether `child`, in `role` of `parent`, must be parenthesised to parse back to the same tree.
 * Binary operators associate to the left, so an equal-precedence right operand keeps its
 * parentheses: `a - (b - c)`; `**` associates to the right and takes a prefixed right operand
 * (`(a ** b) ** c`, `2 ** -x`).
 */
export function needsParentheses(parent: Node, role: string, child: Node): boolean {
  switch (parent.type) {
    case 'BinaryExpression': {
      const own = precedence(parent);
      const inner = precedence(child);
      if (parent.operator === '**') return role === 'left' ? inner <= own : inner < UNARY;
      return role === 'left' ? inner < own : inner <= own;
    }
    case 'ConditionalExpression':
      // It nests to the right: `a ? b : c ? d : e`. A lambda as the condition would take the
      // rest for its body; in the middle anything parses, and a conditional there is bracketed to be read.
      if (role === 'condition') return precedence(child) <= CONDITIONAL;
      return role === 'consequent' && child.type === 'ConditionalExpression';
    case 'TypeTest':
      // It associates to the left like the comparisons: `a < b is bool` tests `a < b`.
      return precedence(child) < TYPE_TEST;
    case 'UnaryExpression':
      // `-(-x)` rather than `--x`, which reads as a decrement.
      return precedence(child) < UNARY || (parent.operator === '-' && startsWithMinus(child));
    case 'CallExpression':
      return role === 'callee' && precedence(child) < POSTFIX;
    case 'MemberExpression':
      // `(1).x`: a number directly before `.` would read as a decimal point.
      return precedence(child) < POSTFIX || (child.type === 'Literal' && typeof child.value === 'number');
    case 'IndexExpression':
      return role === 'object' && precedence(child) < POSTFIX;
    case 'IfStatement':
    case 'WhileStatement':
    case 'ForStatement':
      // A lambda before the block would take the block for its body.
      return (role === 'condition' || role === 'iterable') && child.type === 'Lambda';
    default:
      return false;
  }
}

/** The nodes that stand on lines of their own in the program or a block (and carry header comments). */
const LINE_ITEM_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  ...STATEMENT_TYPES,
  'ImportDeclaration',
  'TypeDeclaration',
  'FunctionDeclaration',
]);

/** Top level: a blank line around every function and after the imports. */
export function topLevelBlankLine(previous: Node, next: Node): boolean {
  return (
    previous.type === 'FunctionDeclaration' ||
    next.type === 'FunctionDeclaration' ||
    (previous.type === 'ImportDeclaration') !== (next.type === 'ImportDeclaration')
  );
}

/** Spans of nodes a mutation created have line 0: they say nothing about blank lines. */
const hasSourcePosition = (span: Span): boolean => span.start.line >= 1 && span.end.line >= 1;

const isLineComment = (comment: SourceComment): boolean => comment.text.startsWith('//');
const commentText = (comment: SourceComment): string => (isLineComment(comment) ? comment.text.trimEnd() : comment.text);

interface LineElement {
  text: string;
  start: Span;
  end: Span;
  /** Index of the list item this element belongs to (its leading comments and itself); -1 after. */
  item: number;
  firstOfItem: boolean;
}

class Printer {
  constructor(
    private readonly comments: CommentPlacement,
    private readonly verbatim?: (node: Node) => string | undefined,
  ) {}

  root(node: Node, indent: string): string {
    if (node.type === 'Program') {
      const body = this.lineList(node.children, '', this.comments.dangling(node.id, 'children'), topLevelBlankLine);
      return body === '' ? '' : `${body}\n`;
    }
    const text = this.node(node, indent);
    // Statements and declarations print their header comments themselves; other roots get them above.
    if (LINE_ITEM_TYPES.has(node.type) || this.verbatim?.(node) !== undefined) return text;
    const header = this.comments.header(node.id);
    return header.length === 0 ? text : [...header.map(commentText), text].join(`\n${indent}`);
  }

  private node(node: Node, indent: string): string {
    const given = this.verbatim?.(node);
    if (given !== undefined) return given;
    switch (node.type) {
      case 'Program':
        return this.root(node, indent);
      case 'ImportDeclaration': {
        const names = node.names.length > 0 ? `.{${node.names.join(', ')}}` : '';
        return this.withAnnotations(node, indent, `use ${node.module}${names};`);
      }
      case 'TypeDeclaration':
        return this.withAnnotations(node, indent, `type ${node.name} ${this.list(node, 'fields', node.fields, '{', '}', indent, true)}`);
      case 'Field':
        return `${node.name}: ${printType(node.fieldType)}`;
      case 'FunctionDeclaration': {
        const head = `${node.async ? 'async ' : ''}fn ${node.name}${this.list(node, 'parameters', node.parameters, '(', ')', indent, false)}`;
        const returns = node.returnType !== null ? `: ${printType(node.returnType)}` : '';
        return this.withAnnotations(node, indent, `${head}${returns} ${this.node(node.body, indent)}`);
      }
      case 'Parameter': {
        const type = node.paramType !== null ? `: ${printType(node.paramType)}` : '';
        const value = node.defaultValue ? ` = ${this.node(node.defaultValue, indent)}` : '';
        return `${node.name}${type}${value}`;
      }
      case 'Block':
        return this.block(node, indent);
      case 'VariableDeclaration': {
        const type = node.varType !== null ? `: ${printType(node.varType)}` : '';
        const value = node.initializer ? ` = ${this.node(node.initializer, indent)}` : '';
        return this.withAnnotations(node, indent, `${node.kind} ${node.name}${type}${value};`);
      }
      case 'MultipleAssignment':
        return this.withAnnotations(
          node,
          indent,
          `${node.targets.map((target) => this.node(target, indent)).join(', ')} = ${node.values.map((value) => this.node(value, indent)).join(', ')};`,
        );
      case 'AssignmentStatement':
        return this.withAnnotations(
          node,
          indent,
          `${this.node(node.target, indent)} ${node.operator} ${this.node(node.value, indent)};`,
        );
      case 'ReturnStatement':
        return this.withAnnotations(node, indent, node.value ? `return ${this.node(node.value, indent)};` : 'return;');
      case 'IfStatement': {
        const head = `if ${this.operand(node, 'condition', node.condition, indent)} ${this.node(node.consequent, indent)}`;
        const rest = node.alternate ? ` else ${this.node(node.alternate, indent)}` : '';
        return this.withAnnotations(node, indent, head + rest);
      }
      case 'WhileStatement':
        return this.withAnnotations(
          node,
          indent,
          `while ${this.operand(node, 'condition', node.condition, indent)} ${this.node(node.body, indent)}`,
        );
      case 'ForStatement':
        return this.withAnnotations(
          node,
          indent,
          `for ${node.iterator} in ${this.operand(node, 'iterable', node.iterable, indent)} ${this.node(node.body, indent)}`,
        );
      case 'BreakStatement':
        return this.withAnnotations(node, indent, 'break;');
      case 'ContinueStatement':
        return this.withAnnotations(node, indent, 'continue;');
      case 'ThrowStatement':
        return this.withAnnotations(node, indent, `throw ${this.node(node.value, indent)};`);
      case 'TryStatement':
        return this.withAnnotations(
          node,
          indent,
          `try ${this.node(node.body, indent)} catch (${node.catchName}) ${this.node(node.handler, indent)}`,
        );
      case 'ExpressionStatement':
        return this.withAnnotations(node, indent, `${this.node(node.expression, indent)};`);
      case 'BinaryExpression':
        return `${this.operand(node, 'left', node.left, indent)} ${node.operator} ${this.operand(node, 'right', node.right, indent)}`;
      case 'ConditionalExpression':
        return `${this.operand(node, 'condition', node.condition, indent)} ? ${this.operand(node, 'consequent', node.consequent, indent)} : ${this.operand(node, 'alternate', node.alternate, indent)}`;
      case 'TypeTest':
        return `${this.operand(node, 'operand', node.operand, indent)} is ${node.testedType}`;
      case 'UnaryExpression': {
        const operand = this.operand(node, 'operand', node.operand, indent);
        return node.operator === 'await' ? `await ${operand}` : `${node.operator}${operand}`;
      }
      case 'CallExpression':
        return `${this.operand(node, 'callee', node.callee, indent)}${this.list(node, 'arguments', node.arguments, '(', ')', indent, false)}`;
      case 'MemberExpression':
        return `${this.operand(node, 'object', node.object, indent)}.${node.property}`;
      case 'IndexExpression':
        return `${this.operand(node, 'object', node.object, indent)}[${this.node(node.index, indent)}]`;
      case 'Identifier':
        return node.name;
      case 'Literal':
        return printLiteral(node);
      case 'ArrayLiteral':
        return this.list(node, 'elements', node.elements, '[', ']', indent, false);
      case 'ObjectLiteral':
        return this.list(node, 'properties', node.properties, '{', '}', indent, true);
      case 'Property':
        return `${node.key}: ${this.node(node.value, indent)}`;
      case 'Lambda': {
        const head = `fn${this.list(node, 'parameters', node.parameters, '(', ')', indent, false)}`;
        const returns = node.returnType !== null ? `: ${printType(node.returnType)}` : '';
        const body = node.body.type === 'Block' ? ` ${this.node(node.body, indent)}` : ` => ${this.node(node.body, indent)}`;
        return head + returns + body;
      }
      case 'Annotation':
        return this.annotation(node);
      case 'ErrorNode':
        return node.text;
    }
  }

  private operand(parent: Node, role: string, child: Expression, indent: string): string {
    const text = this.node(child, indent);
    return needsParentheses(parent, role, child) ? `(${text})` : text;
  }

  /** Annotations one per line, then comments that were inside the node's header, then `text`. */
  private withAnnotations(node: Node, indent: string, text: string): string {
    const lines: string[] = [];
    for (const annotation of annotationsOf(node)) {
      for (const comment of this.comments.leading(annotation.id)) lines.push(commentText(comment));
      lines.push(this.node(annotation, indent) + this.trailing(annotation));
    }
    for (const comment of this.comments.header(node.id)) lines.push(commentText(comment));
    lines.push(text);
    return lines.join(`\n${indent}`);
  }

  private annotation(node: Annotation): string {
    const parts: string[] = [];
    if (node.strategy !== null) parts.push(node.strategy);
    const args = { ...node.args };
    // `reason` and `confidence` live in args; a hand-built node may have them only as fields.
    if (node.reason !== null && !('reason' in args)) args.reason = node.reason;
    if (node.confidence !== null && !('confidence' in args)) args.confidence = node.confidence;
    for (const [key, value] of Object.entries(args)) parts.push(`${key}: ${annotationValue(value)}`);
    return parts.length === 0 ? `@${node.annotationType}` : `@${node.annotationType}(${parts.join(', ')})`;
  }

  private trailing(node: Node): string {
    const comments = this.comments.trailing(node.id);
    return comments.length === 0 ? '' : ` ${comments.map(commentText).join(' ')}`;
  }

  private block(node: Block, indent: string): string {
    const dangling = this.comments.dangling(node.id, 'statements');
    if (node.statements.length === 0 && dangling.length === 0) return '{}';
    return `{\n${this.lineList(node.statements, indent + INDENT_UNIT, dangling)}\n${indent}}`;
  }

  /** Items one per line (each with its comments), every line indented by `indent`. */
  private lineList(
    items: readonly Node[],
    indent: string,
    dangling: readonly SourceComment[],
    blankLineBetween?: (previous: Node, next: Node) => boolean,
  ): string {
    const elements: LineElement[] = [];
    items.forEach((item, index) => {
      const leading = this.comments.leading(item.id);
      leading.forEach((comment, k) =>
        elements.push({ text: commentText(comment), start: comment.span, end: comment.span, item: index, firstOfItem: k === 0 }),
      );
      const trailing = this.comments.trailing(item.id);
      elements.push({
        text: this.node(item, indent) + this.trailing(item),
        start: item.span,
        end: trailing.length > 0 ? trailing[trailing.length - 1].span : item.span,
        item: index,
        firstOfItem: leading.length === 0,
      });
    });
    for (const comment of dangling) {
      elements.push({ text: commentText(comment), start: comment.span, end: comment.span, item: -1, firstOfItem: false });
    }
    let out = '';
    elements.forEach((element, k) => {
      if (k > 0) {
        const previous = elements[k - 1];
        const keptBlank =
          hasSourcePosition(previous.end) &&
          hasSourcePosition(element.start) &&
          element.start.start.line - previous.end.end.line >= 2;
        const forcedBlank =
          blankLineBetween !== undefined &&
          element.firstOfItem &&
          element.item > 0 &&
          blankLineBetween(items[element.item - 1], items[element.item]);
        out += keptBlank || forcedBlank ? '\n\n' : '\n';
      }
      out += indent + element.text;
    });
    return out;
  }

  /** A bracketed, comma-separated list: inline, or one item per line when it holds comments. */
  private list(
    owner: Node,
    role: string,
    items: readonly Node[],
    open: string,
    close: string,
    indent: string,
    padded: boolean,
  ): string {
    const dangling = this.comments.dangling(owner.id, role);
    const hasComments =
      dangling.length > 0 ||
      items.some((item) => this.comments.leading(item.id).length > 0 || this.comments.trailing(item.id).length > 0);
    if (!hasComments) {
      const inline = items.map((item) => this.node(item, indent)).join(', ');
      if (inline === '') return open + close;
      return padded ? `${open} ${inline} ${close}` : `${open}${inline}${close}`;
    }
    const inner = indent + INDENT_UNIT;
    const lines: string[] = [];
    for (const item of items) {
      for (const comment of this.comments.leading(item.id)) lines.push(inner + commentText(comment));
      lines.push(`${inner}${this.node(item, inner)},${this.trailing(item)}`);
    }
    for (const comment of dangling) lines.push(inner + commentText(comment));
    return `${open}\n${lines.join('\n')}\n${indent}${close}`;
  }
}

function annotationValue(value: AnnotationArgValue): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
