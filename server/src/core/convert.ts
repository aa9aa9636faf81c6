// Turns a tree-sitter tree into the AST agents see. Node and field names are those of
// syntaxes/tree-sitter-whetstone/grammar.js. Positions from web-tree-sitter are already UTF-16
// (it parses JavaScript strings as UTF-16); lines become 1-based here.
//
// Ids are not assigned here (ids.ts does that); nodes leave with id "".
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from './ast';

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

export interface Converted {
  ast: A.Program;
  comments: Comment[];
  /** Spans of name tokens, keyed by the AST node that owns the name. */
  nameSpans: Map<A.Node, A.Span>;
  /** Spans of each imported name, keyed by ImportDeclaration. */
  importNameSpans: Map<A.ImportDeclaration, A.Span[]>;
  problems: SyntaxProblem[];
}

interface Child {
  field: string | null;
  node: SyntaxNode;
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
};

const UNARY_OPERATORS: Record<string, A.UnaryOperator> = { '-': '-', '!': '!', not: '!', await: 'await' };

export function spanOf(node: SyntaxNode): A.Span {
  const start = node.startPosition;
  const end = node.endPosition;
  return {
    start: { line: start.row + 1, column: start.column },
    end: { line: end.row + 1, column: end.column },
    startOffset: node.startIndex,
    endOffset: node.endIndex,
  };
}

/** A zero-width span just after `node` (where a missing part would go). */
function spanAfter(node: SyntaxNode): A.Span {
  const end = node.endPosition;
  const position = { line: end.row + 1, column: end.column };
  return { start: position, end: { ...position }, startOffset: node.endIndex, endOffset: node.endIndex };
}

class Converter {
  readonly comments: Comment[] = [];
  readonly nameSpans = new Map<A.Node, A.Span>();
  readonly importNameSpans = new Map<A.ImportDeclaration, A.Span[]>();
  readonly problems: SyntaxProblem[] = [];
  private depth = 0;

  /** The children of `node` with their field names; comments are collected on the way. */
  private children(node: SyntaxNode): Child[] {
    const out: Child[] = [];
    const cursor = node.walk();
    try {
      if (!cursor.gotoFirstChild()) return out;
      do {
        const child = cursor.currentNode;
        if (child.type === 'comment') {
          this.comments.push({ text: child.text, span: spanOf(child) });
        } else {
          out.push({ field: cursor.currentFieldName, node: child });
        }
      } while (cursor.gotoNextSibling());
    } finally {
      cursor.delete();
    }
    return out;
  }

  private fields(node: SyntaxNode): Map<string, SyntaxNode[]> {
    const map = new Map<string, SyntaxNode[]>();
    for (const { field, node: child } of this.children(node)) {
      if (!field) continue;
      const list = map.get(field);
      if (list) list.push(child);
      else map.set(field, [child]);
    }
    return map;
  }

  private error(node: SyntaxNode, text = node.text): A.ErrorNode {
    return { type: 'ErrorNode', id: '', span: spanOf(node), text };
  }

  /** An ErrorNode standing in for a required part the parser could not find. */
  private missing(after: SyntaxNode): A.ErrorNode {
    return { type: 'ErrorNode', id: '', span: spanAfter(after), text: '' };
  }

  private named<T extends A.Node>(node: T, nameNode: SyntaxNode | undefined): T {
    if (nameNode) this.nameSpans.set(node, spanOf(nameNode));
    return node;
  }

  /** Guards the recursion: past MAX_NESTING the whole subtree is one ErrorNode. */
  private nested<T>(node: SyntaxNode, convert: () => T): T | A.ErrorNode {
    if (this.depth >= MAX_NESTING) {
      this.problems.push({
        message: `Nesting is too deep (more than ${MAX_NESTING} levels); this part is not analysed`,
        span: spanOf(node),
        hint: 'split the expression or statement into smaller ones',
      });
      return this.error(node);
    }
    this.depth++;
    try {
      return convert();
    } finally {
      this.depth--;
    }
  }

  program(root: SyntaxNode): A.Program {
    const children: A.TopLevel[] = [];
    for (const { node } of this.children(root)) {
      children.push(this.topLevel(node));
    }
    return { type: 'Program', id: '', span: spanOf(root), children };
  }

  private topLevel(node: SyntaxNode): A.TopLevel {
    switch (node.type) {
      case 'import_declaration':
        return this.importDeclaration(node);
      case 'type_declaration':
        return this.typeDeclaration(node, node, []);
      case 'function_declaration':
        return this.functionDeclaration(node, node, []);
      case 'annotated_declaration':
        return this.annotated(node) as A.TopLevel;
      default:
        return this.statement(node);
    }
  }

  /** `@a @b item`: the annotations belong to the item, whose span starts at the first one. */
  private annotated(node: SyntaxNode): A.TopLevel {
    const f = this.fields(node);
    const annotations = (f.get('annotation') ?? []).map((a) => this.annotation(a));
    const item = f.get('item')?.[0];
    if (!item) return this.error(node);
    switch (item.type) {
      case 'type_declaration':
        return this.typeDeclaration(item, node, annotations);
      case 'function_declaration':
        return this.functionDeclaration(item, node, annotations);
      default: {
        const statement = this.statement(item);
        if (statement.type === 'ErrorNode') return this.error(node);
        statement.annotations = [...annotations, ...statement.annotations];
        statement.span = spanOf(node);
        return statement;
      }
    }
  }

  private importDeclaration(node: SyntaxNode): A.ImportDeclaration {
    const f = this.fields(node);
    const names = f.get('name') ?? [];
    const declaration: A.ImportDeclaration = {
      type: 'ImportDeclaration',
      id: '',
      span: spanOf(node),
      module: (f.get('path') ?? []).map((p) => p.text).join('.'),
      names: names.map((n) => n.text),
    };
    this.importNameSpans.set(declaration, names.map(spanOf));
    return declaration;
  }

  private annotation(node: SyntaxNode): A.Annotation {
    const f = this.fields(node);
    const kind = f.get('kind')?.[0];
    const strategies = f.get('strategy') ?? [];
    const args: Record<string, A.AnnotationArgValue> = {};
    for (const argument of f.get('argument') ?? []) {
      const af = this.fields(argument);
      const key = af.get('key')?.[0]?.text;
      const value = af.get('value')?.[0];
      if (key && value) args[key] = annotationValue(value);
    }
    if (strategies.length > 1) {
      this.problems.push({
        message: `An annotation takes one strategy; '${strategies[1].text}' is a second one`,
        span: spanOf(strategies[1]),
        hint: 'write further details as key: value arguments',
      });
    }
    const annotation: A.Annotation = {
      type: 'Annotation',
      id: '',
      span: spanOf(node),
      annotationType: kind?.text ?? '',
      strategy: strategies[0]?.text ?? null,
      reason: typeof args.reason === 'string' ? args.reason : null,
      confidence: typeof args.confidence === 'number' ? args.confidence : null,
      args,
    };
    return this.named(annotation, kind);
  }

  private typeDeclaration(node: SyntaxNode, outer: SyntaxNode, annotations: A.Annotation[]): A.TypeDeclaration {
    const f = this.fields(node);
    const name = f.get('name')?.[0];
    const fields = (f.get('field') ?? []).map((fieldNode): A.Field => {
      const ff = this.fields(fieldNode);
      const fieldName = ff.get('name')?.[0];
      const fieldType = ff.get('type')?.[0];
      return this.named(
        { type: 'Field', id: '', span: spanOf(fieldNode), name: fieldName?.text ?? '', fieldType: fieldType ? typeText(fieldType) : '' },
        fieldName,
      );
    });
    return this.named(
      { type: 'TypeDeclaration', id: '', span: spanOf(outer), name: name?.text ?? '', annotations, fields },
      name,
    );
  }

  private functionDeclaration(node: SyntaxNode, outer: SyntaxNode, annotations: A.Annotation[]): A.FunctionDeclaration {
    const f = this.fields(node);
    const name = f.get('name')?.[0];
    const returnType = f.get('return_type')?.[0];
    const parameterList = f.get('parameters')?.[0];
    const body = f.get('body')?.[0];
    return this.named(
      {
        type: 'FunctionDeclaration',
        id: '',
        span: spanOf(outer),
        name: name?.text ?? '',
        async: f.has('async'),
        returnType: returnType ? typeText(returnType) : null,
        annotations,
        parameters: parameterList ? this.parameters(parameterList) : [],
        body: body ? this.block(body) : this.emptyBlock(node),
      },
      name,
    );
  }

  private parameters(list: SyntaxNode): A.Parameter[] {
    return (this.fields(list).get('parameter') ?? []).map((p) => {
      const f = this.fields(p);
      const name = f.get('name')?.[0];
      const type = f.get('type')?.[0];
      const defaultValue = f.get('default')?.[0];
      return this.named(
        {
          type: 'Parameter',
          id: '',
          span: spanOf(p),
          name: name?.text ?? '',
          paramType: type ? typeText(type) : null,
          defaultValue: defaultValue ? this.expression(defaultValue) : null,
        } satisfies A.Parameter,
        name,
      );
    });
  }

  private emptyBlock(after: SyntaxNode): A.Block {
    return { type: 'Block', id: '', span: spanAfter(after), statements: [] };
  }

  private block(node: SyntaxNode): A.Block {
    const converted = this.nested(node, (): A.Block => {
      const statements: A.Statement[] = [];
      for (const { node: child } of this.children(node)) {
        if (!child.isNamed && !child.isError) continue; // the braces
        if (child.type === 'annotated_statement') statements.push(this.annotated(child) as A.Statement);
        else statements.push(this.statement(child));
      }
      return { type: 'Block', id: '', span: spanOf(node), statements };
    });
    // A block too deep to convert still has to be a Block where one is required.
    if (converted.type === 'ErrorNode') return { type: 'Block', id: '', span: converted.span, statements: [converted] };
    return converted;
  }

  private blockOrError(node: SyntaxNode | undefined, after: SyntaxNode): A.Block {
    return node ? this.block(node) : this.emptyBlock(after);
  }

  private statement(node: SyntaxNode): A.Statement {
    return this.nested(node, () => this.statementInner(node));
  }

  private statementInner(node: SyntaxNode): A.Statement {
    const base = { id: '', span: spanOf(node), annotations: [] as A.Annotation[] };
    if (node.type === 'annotated_statement') return this.annotated(node) as A.Statement;
    const f = this.fields(node);
    const one = (field: string) => f.get(field)?.[0];
    const expr = (field: string): A.Expression => {
      const child = one(field);
      return child ? this.expression(child) : this.missing(node);
    };
    const optionalExpr = (field: string): A.Expression | null => {
      const child = one(field);
      return child ? this.expression(child) : null;
    };
    switch (node.type) {
      case 'variable_declaration': {
        const name = one('name');
        const type = one('type');
        return this.named(
          {
            type: 'VariableDeclaration',
            ...base,
            name: name?.text ?? '',
            kind: one('kind')?.text === 'const' ? 'const' : 'let',
            varType: type ? typeText(type) : null,
            initializer: optionalExpr('value'),
          } satisfies A.VariableDeclaration,
          name,
        );
      }
      case 'assignment_statement': {
        const target = expr('target');
        if (!isAssignable(target)) {
          this.problems.push({
            message: 'Only a name, a field (a.b) or an element (a[i]) can be assigned to',
            span: target.span,
          });
        }
        return {
          type: 'AssignmentStatement',
          ...base,
          operator: (one('operator')?.text ?? '=') as A.AssignmentOperator,
          target,
          value: expr('value'),
        };
      }
      case 'return_statement':
        return { type: 'ReturnStatement', ...base, value: optionalExpr('value') };
      case 'if_statement': {
        const alternative = one('alternative');
        let alternate: A.Block | A.IfStatement | null = null;
        if (alternative?.type === 'if_statement') alternate = this.statement(alternative) as A.IfStatement;
        else if (alternative) alternate = this.block(alternative);
        return {
          type: 'IfStatement',
          ...base,
          condition: expr('condition'),
          consequent: this.blockOrError(one('consequence'), node),
          alternate,
        };
      }
      case 'while_statement':
        return { type: 'WhileStatement', ...base, condition: expr('condition'), body: this.blockOrError(one('body'), node) };
      case 'for_statement': {
        const iterator = one('iterator');
        return this.named(
          {
            type: 'ForStatement',
            ...base,
            iterator: iterator?.text ?? '',
            iterable: expr('iterable'),
            body: this.blockOrError(one('body'), node),
          } satisfies A.ForStatement,
          iterator,
        );
      }
      case 'break_statement':
        return { type: 'BreakStatement', ...base };
      case 'continue_statement':
        return { type: 'ContinueStatement', ...base };
      case 'expression_statement':
        return { type: 'ExpressionStatement', ...base, expression: expr('expression') };
      default:
        // ERROR, or a construct that only parses at another level (a stray declaration in a block).
        return this.error(node);
    }
  }

  private expression(node: SyntaxNode): A.Expression {
    return this.nested(node, () => this.expressionInner(node));
  }

  private expressionInner(node: SyntaxNode): A.Expression {
    const span = spanOf(node);
    switch (node.type) {
      case 'identifier':
        return this.named({ type: 'Identifier', id: '', span, name: node.text } satisfies A.Identifier, node);
      case 'number':
        return { type: 'Literal', id: '', span, value: Number(node.text), raw: node.text };
      case 'string':
        return { type: 'Literal', id: '', span, value: stringValue(node.text), raw: node.text };
      case 'true':
      case 'false':
        return { type: 'Literal', id: '', span, value: node.type === 'true', raw: node.text };
      case 'null':
        return { type: 'Literal', id: '', span, value: null, raw: node.text };
      case 'parenthesized_expression': {
        const inner = this.fields(node).get('expression')?.[0];
        return inner ? this.expression(inner) : this.missing(node);
      }
      default:
        break;
    }
    if (node.type === 'ERROR' || node.isMissing) return this.error(node);
    const f = this.fields(node);
    const one = (field: string) => f.get(field)?.[0];
    const expr = (field: string): A.Expression => {
      const child = one(field);
      return child ? this.expression(child) : this.missing(node);
    };
    switch (node.type) {
      case 'binary_expression':
        return {
          type: 'BinaryExpression',
          id: '',
          span,
          operator: BINARY_OPERATORS[one('operator')?.text ?? '+'] ?? '+',
          left: expr('left'),
          right: expr('right'),
        };
      case 'unary_expression':
        return {
          type: 'UnaryExpression',
          id: '',
          span,
          operator: UNARY_OPERATORS[one('operator')?.text ?? '-'] ?? '-',
          operand: expr('operand'),
        };
      case 'call_expression': {
        const list = one('arguments');
        const args = list ? (this.fields(list).get('argument') ?? []).map((a) => this.expression(a)) : [];
        return { type: 'CallExpression', id: '', span, callee: expr('function'), arguments: args };
      }
      case 'member_expression': {
        const property = one('property');
        return this.named(
          { type: 'MemberExpression', id: '', span, property: property?.text ?? '', object: expr('object') } satisfies A.MemberExpression,
          property,
        );
      }
      case 'index_expression':
        return { type: 'IndexExpression', id: '', span, object: expr('object'), index: expr('index') };
      case 'list_literal':
        return { type: 'ArrayLiteral', id: '', span, elements: (f.get('element') ?? []).map((e) => this.expression(e)) };
      case 'object_literal':
        return {
          type: 'ObjectLiteral',
          id: '',
          span,
          properties: (f.get('property') ?? []).map((p): A.Property => {
            const pf = this.fields(p);
            const key = pf.get('key')?.[0];
            const value = pf.get('value')?.[0];
            return this.named(
              { type: 'Property', id: '', span: spanOf(p), key: key?.text ?? '', value: value ? this.expression(value) : this.missing(p) },
              key,
            );
          }),
        };
      case 'lambda': {
        const list = one('parameters');
        const returnType = one('return_type');
        const body = one('body');
        return {
          type: 'Lambda',
          id: '',
          span,
          parameters: list ? this.parameters(list) : [],
          returnType: returnType ? typeText(returnType) : null,
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

/** A type node as the AST's canonical type string: `list<Item>`, `map<string, number>`, `(T)?`. */
export function typeText(node: SyntaxNode): string {
  let text: string;
  const inner = node.childForFieldName('inner');
  if (inner) {
    text = `(${typeText(inner)})`;
  } else {
    text = node.childForFieldName('name')?.text ?? '';
    const args = node.childrenForFieldName('argument');
    if (args.length > 0) text += `<${args.map(typeText).join(', ')}>`;
  }
  if (node.childForFieldName('optional')) text += '?';
  return text;
}

function stringValue(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    // The grammar only accepts JSON escapes, so this is an unterminated or odd string: keep its text.
    return raw.replace(/^"|"$/g, '');
  }
}

function annotationValue(node: SyntaxNode): A.AnnotationArgValue {
  switch (node.type) {
    case 'number':
      return Number(node.text);
    case 'negative_number':
      return -Number(node.text.slice(1).trim());
    case 'string':
      return stringValue(node.text);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'null':
      return null;
    default:
      return node.text; // a bare identifier value reads as its name
  }
}

/** Syntax problems the tree itself records: ERROR nodes and MISSING tokens. */
function collectTreeErrors(root: SyntaxNode, problems: SyntaxProblem[]): void {
  const visit = (node: SyntaxNode, depth: number): void => {
    if (node.isMissing) {
      const what = node.isNamed ? node.type.replace(/_/g, ' ') : `'${node.type}'`;
      problems.push({ message: `Missing ${what}`, span: spanOf(node), hint: `insert ${what} here` });
      return;
    }
    if (node.isError) {
      problems.push({ message: unexpectedMessage(node), span: spanOf(node) });
      return;
    }
    if (!node.hasError || depth > MAX_NESTING) return;
    for (const child of node.children) if (child) visit(child, depth + 1);
  };
  visit(root, 0);
}

function unexpectedMessage(node: SyntaxNode): string {
  const text = node.text;
  if (/^"/.test(text) && !/"$/.test(text.split(/\r?\n/)[0].slice(1))) return 'Unterminated string';
  if (text.startsWith('/*')) return 'Unterminated block comment';
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return shown.trim() === '' ? 'Unexpected input' : `Unexpected '${shown.replace(/\s+/g, ' ')}'`;
}

export function convert(root: SyntaxNode): Converted {
  const converter = new Converter();
  const ast = converter.program(root);
  const problems = [...converter.problems];
  collectTreeErrors(root, problems);
  problems.sort((a, b) => a.span.startOffset - b.span.startOffset);
  return {
    ast,
    comments: converter.comments.sort((a, b) => a.span.startOffset - b.span.startOffset),
    nameSpans: converter.nameSpans,
    importNameSpans: converter.importNameSpans,
    problems,
  };
}
