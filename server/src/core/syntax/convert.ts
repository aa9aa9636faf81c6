// Turns the tree-sitter tree (read into CstNodes by cst.ts) into the AST agents see. Node and
// field names are those of syntaxes/tree-sitter-whetstone/grammar.js. Offsets from web-tree-sitter
// are UTF-16 code units (it parses JavaScript strings as UTF-16); lines become 1-based here.
//
// A new document's nodes get their ids here, in pre-order, as they are made; after an edit they
// leave with id "" and ids.ts matches them to the old ones.
import type * as A from '../ast/ast';
import type { TextSpan } from '../ast/text-span';
import type { CstNode as SyntaxNode } from './cst';
import type { IdAllocator } from './ids';
import type { LineIndex } from './lines';

/** Deeper nesting than this becomes one ErrorNode: it keeps every later pass (all recursive) safe. */
export const MAX_NESTING = 400;

export interface Comment {
  text: string;
  span: A.Span;
}

/** A syntax problem found while converting, located by span (ids come later). */
export interface SyntaxProblem {
  message: string;
  span: A.Span;
  hint?: string;
}

/**
 * Facts about a node that are not part of its JSON (symbol keys are skipped by JSON.stringify):
 * the span of its name token, the spans of an import's names, and for top-level nodes the
 * tree-sitter type they came from (so an unchanged one can be reused after an edit).
 */
export const NAME_SPAN = Symbol('nameSpan');
export const IMPORT_NAME_SPANS = Symbol('importNameSpans');
export const SOURCE_TYPE = Symbol('sourceType');
/** On top-level nodes: the comments and syntax problems inside them. */
export const ITEM_COMMENTS = Symbol('itemComments');
export const ITEM_PROBLEMS = Symbol('itemProblems');
/** On top-level nodes: every span object made while converting them, to move them in one loop. */
export const ITEM_SPANS = Symbol('itemSpans');

export interface Tagged {
  [NAME_SPAN]?: A.Span;
  [IMPORT_NAME_SPANS]?: A.Span[];
  [SOURCE_TYPE]?: string;
  [ITEM_COMMENTS]?: Comment[];
  [ITEM_PROBLEMS]?: SyntaxProblem[];
  [ITEM_SPANS]?: TextSpan[];
}

/**
 * The one empty list every node without annotations holds, and the one for items without comments
 * or syntax problems (most of them): a list each was an object per statement. Frozen, so code that
 * would add to a node's list in place fails loudly; the mutation engine copies lists it changes.
 */
const NO_ANNOTATIONS: A.Annotation[] = Object.freeze([]) as unknown as A.Annotation[];
const NO_COMMENTS: Comment[] = Object.freeze([]) as unknown as Comment[];
const NO_PROBLEMS: SyntaxProblem[] = Object.freeze([]) as unknown as SyntaxProblem[];

/** A node made with its name span in its literal (the AST's types do not list the tags). */
function withName<T extends A.Node>(node: T & Tagged): T {
  return node;
}

/** The first child of `node` in `field` (comments are in none). */
function one(node: SyntaxNode, field: string): SyntaxNode | undefined {
  for (const child of node.children) if (child.field === field && child.type !== 'comment') return child;
  return undefined;
}

/** The children of `node` in `field`, in order. */
function all(node: SyntaxNode, field: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const child of node.children) if (child.field === field && child.type !== 'comment') out.push(child);
  return out;
}

const BINARY_OPERATORS: Record<string, A.BinaryOperator> = {
  or: '||',
  '||': '||',
  and: '&&',
  '&&': '&&',
  '==': '==',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '**': '**',
  '&': '&',
  '|': '|',
  '^': '^',
  '<<': '<<',
  '>>': '>>',
};

const UNARY_OPERATORS: Record<string, A.UnaryOperator> = { '-': '-', '!': '!', not: '!', await: 'await' };

export class Converter {
  readonly comments: Comment[] = [];
  readonly problems: SyntaxProblem[] = [];
  /** The spans made for the top-level item being converted (see `span`). */
  private spans: TextSpan[] = [];
  private depth = 0;
  /** Names and type texts met so far (see `shared`). */
  private readonly strings = new Map<string, string>();

  /**
   * @param ids for a new document (nothing to match ids against): each node gets its id as it is
   *   made, which saves a walk over the whole AST afterwards; otherwise ids are left empty for the
   *   matching (ids.ts) to give.
   */
  constructor(
    private readonly source: string,
    private readonly lines: LineIndex,
    private readonly ids?: IdAllocator,
  ) {}

  /** An id taken early for the node made next (see `id`). */
  private nextId: string | undefined;

  /**
   * The id of a node being made. Ids go out in pre-order (docs/LANGUAGE.md "Node identity"), so a
   * node takes its id before it converts its children.
   */
  private id(): string {
    if (!this.ids) return '';
    const reserved = this.nextId;
    if (reserved === undefined) return this.ids.fresh();
    this.nextId = undefined;
    return reserved;
  }

  private text(node: SyntaxNode): string {
    return this.source.slice(node.start, node.end);
  }

  private textOf(node: SyntaxNode | undefined): string | undefined {
    return node ? this.shared(this.text(node)) : undefined;
  }

  /**
   * One string for every occurrence of the same name or type text: a file names the same things
   * thousands of times, and each slice of the source would otherwise be kept as a string of its own.
   * A copy, not a slice (V8 keeps a long slice's whole source alive): an item an edit leaves alone
   * keeps its names, which would hold every earlier revision's text.
   */
  private shared(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    const own = text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
    this.strings.set(own, own);
    return own;
  }

  /**
   * Every span is made here and recorded, and no two nodes share a span object: when an item is
   * reused after an edit, its spans are moved in place from this list.
   */
  private span(start: number, end: number): TextSpan {
    const span = this.lines.spanAt(start, end);
    this.spans.push(span);
    return span;
  }

  spanOf(node: SyntaxNode): A.Span {
    return this.span(node.start, node.end);
  }

  /** A zero-width span just after `node` (where a missing part would go). */
  private spanAfter(node: SyntaxNode): A.Span {
    return this.span(node.end, node.end);
  }

  /** Collects the comments among the children of `node`, and returns `node` for one() and all(). */
  private fields(node: SyntaxNode): SyntaxNode {
    for (const child of node.children) {
      if (child.type === 'comment') this.comments.push({ text: this.text(child), span: this.spanOf(child) });
    }
    return node;
  }

  /** The expression in `field` of `node`, or an ErrorNode where it is missing. */
  private expr(node: SyntaxNode, field: string): A.Expression {
    const child = one(node, field);
    return child ? this.expression(child) : this.missing(node);
  }

  private optionalExpr(node: SyntaxNode, field: string): A.Expression | null {
    const child = one(node, field);
    return child ? this.expression(child) : null;
  }

  private error(node: SyntaxNode): A.ErrorNode {
    return { type: 'ErrorNode', id: this.id(), span: this.spanOf(node), text: this.text(node) };
  }

  /** An ErrorNode standing in for a required part the parser could not find. */
  private missing(after: SyntaxNode): A.ErrorNode {
    return { type: 'ErrorNode', id: this.id(), span: this.spanAfter(after), text: '' };
  }

  /**
   * The span of a node's name token, for the node's own literal: a tag added to a node after it
   * is made is stored outside the object, one more object per named node.
   */
  private nameSpanOf(nameNode: SyntaxNode | undefined): A.Span | undefined {
    return nameNode ? this.spanOf(nameNode) : undefined;
  }

  /** A type node as the AST's canonical type string: `list<Item>`, `map<string, number>`, `(T)?`. */
  private typeText(node: SyntaxNode): string {
    const f = this.fields(node);
    const inner = one(f, 'inner');
    let text: string;
    if (inner) {
      text = `(${this.typeText(inner)})`;
    } else {
      text = this.textOf(one(f, 'name')) ?? '';
      const args = all(f, 'argument');
      if (args.length > 0) text += `<${args.map((a) => this.typeText(a)).join(', ')}>`;
    }
    if (one(f, 'optional') !== undefined) text += '?';
    return this.shared(text);
  }

  private annotationValue(node: SyntaxNode): A.AnnotationArgValue {
    const text = this.text(node);
    switch (node.type) {
      case 'number':
        return Number(text);
      case 'negative_number':
        return -Number(text.slice(1).trim());
      case 'string':
        return stringValue(text);
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
        return null;
      default:
        return text; // a bare identifier value reads as its name
    }
  }

  /** Guards the recursion: past MAX_NESTING the whole subtree is one ErrorNode. */
  private nested<T>(node: SyntaxNode, convert: () => T): T | A.ErrorNode {
    const deep = this.tooDeep(node);
    if (deep) return deep;
    this.depth++;
    try {
      return convert();
    } finally {
      this.depth--;
    }
  }

  /** The ErrorNode a subtree past MAX_NESTING becomes (with its problem), or undefined. */
  private tooDeep(node: SyntaxNode): A.ErrorNode | undefined {
    if (this.depth < MAX_NESTING && !node.truncated) return undefined;
    this.problems.push({
      message: `Nesting is too deep (more than ${MAX_NESTING} levels); this part is not analysed`,
      span: this.spanOf(node),
      hint: 'split the expression or statement into smaller ones',
    });
    return this.error(node);
  }

  /**
   * One top-level item (a child of the tree's root that is not a comment). `clean`: tree-sitter
   * says the item has no ERROR node and no MISSING token, so there are none to look for.
   */
  topLevel(node: SyntaxNode, clean = false): A.TopLevel {
    const comments = this.comments.length;
    const problems = this.problems.length;
    this.spans = [];
    const item = this.topLevelInner(node);
    if (!clean) collectTreeErrors(node, this.problems, (n) => this.spanOf(n), (n) => this.text(n));
    // Under a root the parser gave up on (itself an ERROR), even plain tokens are misplaced.
    if (item.type === 'ErrorNode' && this.problems.length === problems) {
      this.problems.push({ message: unexpectedMessage(item.text), span: this.spanOf(node) });
    }
    const tagged = item as Tagged;
    tagged[SOURCE_TYPE] = node.type;
    tagged[ITEM_COMMENTS] = this.comments.length > comments ? this.comments.slice(comments) : NO_COMMENTS;
    tagged[ITEM_PROBLEMS] = this.problems.length > problems ? this.problems.slice(problems) : NO_PROBLEMS;
    // A copy as long as the list: the item keeps it for as long as it lives.
    tagged[ITEM_SPANS] = this.spans.slice();
    return item;
  }

  private topLevelInner(node: SyntaxNode): A.TopLevel {
    switch (node.type) {
      case 'import_declaration':
        return this.importDeclaration(node);
      case 'type_declaration':
        return this.typeDeclaration(node, node, NO_ANNOTATIONS);
      case 'function_declaration':
        return this.functionDeclaration(node, node, NO_ANNOTATIONS);
      case 'annotated_declaration':
        return this.annotated(node) as A.TopLevel;
      default:
        return this.statement(node);
    }
  }

  /** `@a @b item`: the annotations belong to the item, whose span starts at the first one. */
  private annotated(node: SyntaxNode): A.TopLevel {
    const f = this.fields(node);
    // The item's id comes before those of its annotations, which are converted first.
    const itemId = this.id();
    const annotations = all(f, 'annotation').map((a) => this.annotation(a));
    const item = one(f, 'item');
    if (!item) return this.error(node);
    this.nextId = itemId;
    switch (item.type) {
      case 'type_declaration':
        return this.typeDeclaration(item, node, annotations);
      case 'function_declaration':
        return this.functionDeclaration(item, node, annotations);
      default: {
        const statement = this.statement(item);
        if (statement.type === 'ErrorNode') return this.error(node);
        statement.annotations = [...annotations, ...statement.annotations];
        statement.span = this.spanOf(node);
        return statement;
      }
    }
  }

  private importDeclaration(node: SyntaxNode): A.ImportDeclaration {
    const f = this.fields(node);
    const names = all(f, 'name');
    const declaration: A.ImportDeclaration = {
      type: 'ImportDeclaration',
      id: this.id(),
      span: this.spanOf(node),
      module: all(f, 'path').map((p) => this.text(p)).join('.'),
      names: names.map((n) => this.text(n)),
    };
    (declaration as Tagged)[IMPORT_NAME_SPANS] = names.map((n) => this.spanOf(n));
    return declaration;
  }

  private annotation(node: SyntaxNode): A.Annotation {
    const f = this.fields(node);
    const kind = one(f, 'kind');
    const strategies = all(f, 'strategy');
    const args: Record<string, A.AnnotationArgValue> = {};
    for (const argument of all(f, 'argument')) {
      const af = this.fields(argument);
      const key = this.textOf(one(af, 'key'));
      const value = one(af, 'value');
      if (key && value) args[key] = this.annotationValue(value);
    }
    if (strategies.length > 1) {
      this.problems.push({
        message: `An annotation takes one strategy; '${this.text(strategies[1])}' is a second one`,
        span: this.spanOf(strategies[1]),
        hint: 'write further details as key: value arguments',
      });
    }
    return withName<A.Annotation>({
      type: 'Annotation',
      id: this.id(),
      span: this.spanOf(node),
      annotationType: this.textOf(kind) ?? '',
      strategy: this.textOf(strategies[0]) ?? null,
      reason: typeof args.reason === 'string' ? args.reason : null,
      confidence: typeof args.confidence === 'number' ? args.confidence : null,
      args,
      [NAME_SPAN]: this.nameSpanOf(kind),
    });
  }

  private typeDeclaration(node: SyntaxNode, outer: SyntaxNode, annotations: A.Annotation[]): A.TypeDeclaration {
    const id = this.id();
    const f = this.fields(node);
    const name = one(f, 'name');
    const fields = all(f, 'field').map((fieldNode): A.Field => {
      const ff = this.fields(fieldNode);
      const fieldName = one(ff, 'name');
      const fieldType = one(ff, 'type');
      return withName<A.Field>({
        type: 'Field',
        id: this.id(),
        span: this.spanOf(fieldNode),
        name: this.textOf(fieldName) ?? '',
        fieldType: fieldType ? this.typeText(fieldType) : '',
        [NAME_SPAN]: this.nameSpanOf(fieldName),
      });
    });
    return withName<A.TypeDeclaration>({
      type: 'TypeDeclaration',
      id,
      span: this.spanOf(outer),
      name: this.textOf(name) ?? '',
      annotations,
      fields,
      [NAME_SPAN]: this.nameSpanOf(name),
    });
  }

  private functionDeclaration(node: SyntaxNode, outer: SyntaxNode, annotations: A.Annotation[]): A.FunctionDeclaration {
    const f = this.fields(node);
    const name = one(f, 'name');
    const returnType = one(f, 'return_type');
    const parameterList = one(f, 'parameters');
    const body = one(f, 'body');
    return withName<A.FunctionDeclaration>({
      type: 'FunctionDeclaration',
      id: this.id(),
      span: this.spanOf(outer),
      name: this.textOf(name) ?? '',
      async: one(f, 'async') !== undefined,
      returnType: returnType ? this.typeText(returnType) : null,
      annotations,
      parameters: parameterList ? this.parameters(parameterList) : [],
      body: body ? this.block(body) : this.emptyBlock(node),
      [NAME_SPAN]: this.nameSpanOf(name),
    });
  }

  private parameters(list: SyntaxNode): A.Parameter[] {
    return all(this.fields(list), 'parameter').map((p) => {
      const f = this.fields(p);
      const name = one(f, 'name');
      const type = one(f, 'type');
      const defaultValue = one(f, 'default');
      return withName<A.Parameter>({
        type: 'Parameter',
        id: this.id(),
        span: this.spanOf(p),
        name: this.textOf(name) ?? '',
        paramType: type ? this.typeText(type) : null,
        defaultValue: defaultValue ? this.expression(defaultValue) : null,
        [NAME_SPAN]: this.nameSpanOf(name),
      });
    });
  }

  private emptyBlock(after: SyntaxNode): A.Block {
    return { type: 'Block', id: this.id(), span: this.spanAfter(after), statements: [] };
  }

  private block(node: SyntaxNode): A.Block {
    const id = this.id();
    const converted = this.nested(node, (): A.Block => {
      // Not the braces; comments are taken by fields(). Made by map: a list the AST keeps is
      // exactly as long as it needs to be (one grown by push has room for sixteen).
      const statements = this.fields(node)
        .children.filter((child) => child.named && child.type !== 'comment')
        .map((child) => (child.type === 'annotated_statement' ? (this.annotated(child) as A.Statement) : this.statement(child)));
      return { type: 'Block', id, span: this.spanOf(node), statements };
    });
    // A block too deep to convert still has to be a Block where one is required.
    if (converted.type === 'ErrorNode') return { type: 'Block', id, span: this.span(converted.span.startOffset, converted.span.endOffset), statements: [converted] };
    return converted;
  }

  private blockOrError(node: SyntaxNode | undefined, after: SyntaxNode): A.Block {
    return node ? this.block(node) : this.emptyBlock(after);
  }

  // Statements and expressions, the most numerous nodes, guard the recursion without a closure.
  private statement(node: SyntaxNode): A.Statement {
    const deep = this.tooDeep(node);
    if (deep) return deep;
    this.depth++;
    try {
      return this.statementInner(node);
    } finally {
      this.depth--;
    }
  }

  private statementInner(node: SyntaxNode): A.Statement {
    // Each literal below lists its properties itself: spread into a literal, these would be
    // stored outside the object, one more object per statement.
    const id = this.id();
    const span = this.spanOf(node);
    if (node.type === 'annotated_statement') return this.annotated(node) as A.Statement;
    const f = this.fields(node);
    switch (node.type) {
      case 'variable_declaration': {
        const name = one(f, 'name');
        const type = one(f, 'type');
        return withName<A.VariableDeclaration>({
          type: 'VariableDeclaration',
          id,
          span,
          annotations: NO_ANNOTATIONS,
          name: this.textOf(name) ?? '',
          kind: this.textOf(one(f, 'kind')) === 'const' ? 'const' : 'let',
          varType: type ? this.typeText(type) : null,
          initializer: this.optionalExpr(f, 'value'),
          [NAME_SPAN]: this.nameSpanOf(name),
        });
      }
      case 'assignment_statement': {
        const target = this.expr(f, 'target');
        if (!isAssignable(target)) {
          this.problems.push({
            message: 'Only a name, a field (a.b) or an element (a[i]) can be assigned to',
            // A span of its own: spans are moved in place when an item is reused, never shared.
            span: this.span(target.span.startOffset, target.span.endOffset),
          });
        }
        return {
          type: 'AssignmentStatement',
          id,
          span,
          annotations: NO_ANNOTATIONS,
          operator: (this.textOf(one(f, 'operator')) ?? '=') as A.AssignmentOperator,
          target,
          value: this.expr(f, 'value'),
        };
      }
      case 'multiple_assignment_statement': {
        const targets = all(f, 'target').map((target) => this.expression(target));
        for (const target of targets.filter((target) => !isAssignable(target))) {
          this.problems.push({ message: 'Only a name, a field (a.b) or an element (a[i]) can be assigned to', span: this.span(target.span.startOffset, target.span.endOffset) });
        }
        return { type: 'MultipleAssignment', id, span, annotations: NO_ANNOTATIONS, targets, values: all(f, 'value').map((value) => this.expression(value)) };
      }
      case 'return_statement':
        return { type: 'ReturnStatement', id, span, annotations: NO_ANNOTATIONS, value: this.optionalExpr(f, 'value') };
      case 'if_statement': {
        const condition = this.expr(f, 'condition');
        const consequent = this.blockOrError(one(f, 'consequence'), node);
        const alternative = one(f, 'alternative');
        let alternate: A.Block | A.IfStatement | null = null;
        if (alternative?.type === 'if_statement') alternate = this.statement(alternative) as A.IfStatement;
        else if (alternative) alternate = this.block(alternative);
        return { type: 'IfStatement', id, span, annotations: NO_ANNOTATIONS, condition, consequent, alternate };
      }
      case 'while_statement':
        return { type: 'WhileStatement', id, span, annotations: NO_ANNOTATIONS, condition: this.expr(f, 'condition'), body: this.blockOrError(one(f, 'body'), node) };
      case 'for_statement': {
        const iterator = one(f, 'iterator');
        return withName<A.ForStatement>({
          type: 'ForStatement',
          id,
          span,
          annotations: NO_ANNOTATIONS,
          iterator: this.textOf(iterator) ?? '',
          iterable: this.expr(f, 'iterable'),
          body: this.blockOrError(one(f, 'body'), node),
          [NAME_SPAN]: this.nameSpanOf(iterator),
        });
      }
      case 'break_statement':
        return { type: 'BreakStatement', id, span, annotations: NO_ANNOTATIONS };
      case 'continue_statement':
        return { type: 'ContinueStatement', id, span, annotations: NO_ANNOTATIONS };
      case 'throw_statement':
        return { type: 'ThrowStatement', id, span, annotations: NO_ANNOTATIONS, value: this.expr(f, 'value') };
      case 'try_statement': {
        const name = one(f, 'name');
        return withName<A.TryStatement>({
          type: 'TryStatement',
          id,
          span,
          annotations: NO_ANNOTATIONS,
          body: this.blockOrError(one(f, 'body'), node),
          catchName: this.textOf(name) ?? '',
          handler: this.blockOrError(one(f, 'handler'), node),
          [NAME_SPAN]: this.nameSpanOf(name),
        });
      }
      case 'expression_statement':
        return { type: 'ExpressionStatement', id, span, annotations: NO_ANNOTATIONS, expression: this.expr(f, 'expression') };
      default:
        // ERROR, or a construct that only parses at another level (a stray declaration in a block).
        return this.error(node);
    }
  }

  private expression(node: SyntaxNode): A.Expression {
    const deep = this.tooDeep(node);
    if (deep) return deep;
    this.depth++;
    try {
      return this.expressionInner(node);
    } finally {
      this.depth--;
    }
  }

  private expressionInner(node: SyntaxNode): A.Expression {
    const span = this.spanOf(node);
    switch (node.type) {
      case 'identifier': {
        // The most numerous node, and all name: its name span is its span, so it carries no tag
        // (WhetstoneDocument.nameSpanOfNode); a computed key would make each literal slower to build.
        return { type: 'Identifier', id: this.id(), span, name: this.shared(this.text(node)) };
      }
      case 'number': {
        const raw = this.shared(this.text(node));
        return { type: 'Literal', id: this.id(), span, value: Number(raw), raw };
      }
      case 'string':
        return { type: 'Literal', id: this.id(), span, value: stringValue(this.text(node)), raw: this.text(node) };
      case 'true':
      case 'false':
        return { type: 'Literal', id: this.id(), span, value: node.type === 'true', raw: this.text(node) };
      case 'null':
        return { type: 'Literal', id: this.id(), span, value: null, raw: this.text(node) };
      case 'parenthesized_expression': {
        const inner = one(this.fields(node), 'expression');
        return inner ? this.expression(inner) : this.missing(node);
      }
      default:
        break;
    }
    if (node.type === 'ERROR' || node.missing) return this.error(node);
    const f = this.fields(node);
    switch (node.type) {
      case 'binary_expression':
        return {
          type: 'BinaryExpression',
          id: this.id(),
          span,
          operator: BINARY_OPERATORS[this.textOf(one(f, 'operator')) ?? '+'] ?? '+',
          left: this.expr(f, 'left'),
          right: this.expr(f, 'right'),
        };
      case 'conditional_expression':
        return {
          type: 'ConditionalExpression',
          id: this.id(),
          span,
          condition: this.expr(f, 'condition'),
          consequent: this.expr(f, 'consequence'),
          alternate: this.expr(f, 'alternative'),
        };
      case 'type_test':
        return {
          type: 'TypeTest',
          id: this.id(),
          span,
          operand: this.expr(f, 'operand'),
          testedType: this.shared(this.textOf(one(f, 'type')) ?? ''),
        };
      case 'unary_expression':
        return {
          type: 'UnaryExpression',
          id: this.id(),
          span,
          operator: UNARY_OPERATORS[this.textOf(one(f, 'operator')) ?? '-'] ?? '-',
          operand: this.expr(f, 'operand'),
        };
      case 'call_expression': {
        const id = this.id();
        const callee = this.expr(f, 'function');
        const list = one(f, 'arguments');
        const args = list ? all(this.fields(list), 'argument').map((a) => this.expression(a)) : [];
        return { type: 'CallExpression', id, span, callee, arguments: args };
      }
      case 'member_expression': {
        const property = one(f, 'property');
        return withName<A.MemberExpression>({
          type: 'MemberExpression',
          id: this.id(),
          span,
          property: this.textOf(property) ?? '',
          object: this.expr(f, 'object'),
          [NAME_SPAN]: this.nameSpanOf(property),
        });
      }
      case 'index_expression':
        return { type: 'IndexExpression', id: this.id(), span, object: this.expr(f, 'object'), index: this.expr(f, 'index') };
      case 'list_literal':
        return { type: 'ArrayLiteral', id: this.id(), span, elements: all(f, 'element').map((e) => this.expression(e)) };
      case 'object_literal':
        return {
          type: 'ObjectLiteral',
          id: this.id(),
          span,
          properties: all(f, 'property').map((p): A.Property => {
            const pf = this.fields(p);
            const key = one(pf, 'key');
            const value = one(pf, 'value');
            return withName<A.Property>({
              type: 'Property',
              id: this.id(),
              span: this.spanOf(p),
              key: this.textOf(key) ?? '',
              value: value ? this.expression(value) : this.missing(p),
              [NAME_SPAN]: this.nameSpanOf(key),
            });
          }),
        };
      case 'lambda': {
        const list = one(f, 'parameters');
        const returnType = one(f, 'return_type');
        const body = one(f, 'body');
        return {
          type: 'Lambda',
          id: this.id(),
          span,
          parameters: list ? this.parameters(list) : [],
          returnType: returnType ? this.typeText(returnType) : null,
          body: !body ? this.emptyBlock(node) : body.type === 'block' ? this.block(body) : this.expression(body),
        };
      }
      default:
        return this.error(node);
    }
  }
}

function isAssignable(target: A.Expression): boolean {
  return target.type === 'Identifier' || target.type === 'MemberExpression' || target.type === 'IndexExpression' || target.type === 'ErrorNode';
}

function stringValue(raw: string): string {
  // Without escapes the value is the text between the quotes (what JSON.parse gives, or the
  // fallback below for a tab or other control character that JSON does not allow unescaped).
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') && !raw.includes('\\')) return raw.slice(1, -1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    // The grammar only accepts JSON escapes, so this is an unterminated or odd string: keep its text.
    return raw.replace(/^"|"$/g, '');
  }
}

/** Syntax problems the tree itself records: ERROR nodes and MISSING tokens. */
function collectTreeErrors(
  root: SyntaxNode,
  problems: SyntaxProblem[],
  spanOf: (node: SyntaxNode) => A.Span,
  textOf: (node: SyntaxNode) => string,
): void {
  const visit = (node: SyntaxNode): void => {
    if (node.missing) {
      const what = node.named ? node.type.replace(/_/g, ' ') : `'${node.type}'`;
      problems.push({ message: `Missing ${what}`, span: spanOf(node), hint: `insert ${what} here` });
      return;
    }
    if (node.type === 'ERROR') {
      problems.push({ message: unexpectedMessage(textOf(node)), span: spanOf(node) });
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
}

function unexpectedMessage(text: string): string {
  if (/^"/.test(text) && !/"$/.test(text.split(/\r?\n/)[0].slice(1))) return 'Unterminated string';
  if (text.startsWith('/*')) return 'Unterminated block comment';
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return shown.trim() === '' ? 'Unexpected input' : `Unexpected '${shown.replace(/\s+/g, ' ')}'`;
}
