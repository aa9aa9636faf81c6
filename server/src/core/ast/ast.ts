// The AST that agents see (docs/LANGUAGE.md "The AST"). Plain JSON-shaped objects: every node has
// `type`, `id` and `span`; fields holding nodes are "roles" (see ROLES below). A parsed document's
// spans are TextSpans (text-span.ts): read and written as JSON like any Span.

/** Lines 1-based, columns 0-based, both in UTF-16 code units. */
export interface Position {
  line: number;
  column: number;
}

/** A source range; offsets are UTF-16 code units from the start of the buffer. */
export interface Span {
  start: Position;
  end: Position;
  startOffset: number;
  endOffset: number;
}

interface NodeBase {
  id: string;
  span: Span;
}

export interface Program extends NodeBase {
  type: 'Program';
  children: TopLevel[];
}

export interface ImportDeclaration extends NodeBase {
  type: 'ImportDeclaration';
  module: string;
  names: string[];
}

export interface TypeDeclaration extends NodeBase {
  type: 'TypeDeclaration';
  name: string;
  annotations: Annotation[];
  fields: Field[];
}

export interface Field extends NodeBase {
  type: 'Field';
  name: string;
  fieldType: string;
}

export interface FunctionDeclaration extends NodeBase {
  type: 'FunctionDeclaration';
  name: string;
  async: boolean;
  returnType: string | null;
  annotations: Annotation[];
  parameters: Parameter[];
  body: Block;
}

export interface Parameter extends NodeBase {
  type: 'Parameter';
  name: string;
  paramType: string | null;
  defaultValue: Expression | null;
}

export interface Block extends NodeBase {
  type: 'Block';
  statements: Statement[];
}

/** Every statement may carry annotations (`@performance(parallelize) for x in xs { … }`). */
interface StatementBase extends NodeBase {
  annotations: Annotation[];
}

export interface VariableDeclaration extends StatementBase {
  type: 'VariableDeclaration';
  name: string;
  kind: 'let' | 'const';
  varType: string | null;
  initializer: Expression | null;
}

export type AssignmentOperator = '=' | '+=' | '-=' | '*=' | '/=';

export interface AssignmentStatement extends StatementBase {
  type: 'AssignmentStatement';
  operator: AssignmentOperator;
  target: Expression;
  value: Expression;
}

/** `a, b = b, a;`: every value is evaluated, then the targets are assigned in order. */
export interface MultipleAssignment extends StatementBase {
  type: 'MultipleAssignment';
  targets: Expression[];
  values: Expression[];
}

export interface ReturnStatement extends StatementBase {
  type: 'ReturnStatement';
  value: Expression | null;
}

export interface IfStatement extends StatementBase {
  type: 'IfStatement';
  condition: Expression;
  consequent: Block;
  alternate: Block | IfStatement | null;
}

export interface WhileStatement extends StatementBase {
  type: 'WhileStatement';
  condition: Expression;
  body: Block;
}

export interface ForStatement extends StatementBase {
  type: 'ForStatement';
  iterator: string;
  iterable: Expression;
  body: Block;
}

export interface BreakStatement extends StatementBase {
  type: 'BreakStatement';
}

export interface ContinueStatement extends StatementBase {
  type: 'ContinueStatement';
}

/** `throw message;`: stops the program with the message unless a `try` around it catches it. */
export interface ThrowStatement extends StatementBase {
  type: 'ThrowStatement';
  value: Expression;
}

/** `try { body } catch (name) { handler }`: a throw in the body runs the handler with its message as `name`. */
export interface TryStatement extends StatementBase {
  type: 'TryStatement';
  body: Block;
  /** The name the handler knows the caught message by (a string). */
  catchName: string;
  handler: Block;
}

export interface ExpressionStatement extends StatementBase {
  type: 'ExpressionStatement';
  expression: Expression;
}

/** `and`/`&&` are both "&&", `or`/`||` are both "||". */
export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%' | '**' | '&' | '|' | '^' | '<<' | '>>';

export interface BinaryExpression extends NodeBase {
  type: 'BinaryExpression';
  operator: BinaryOperator;
  left: Expression;
  right: Expression;
}

/** `condition ? consequent : alternate`: only the chosen branch is evaluated. */
export interface ConditionalExpression extends NodeBase {
  type: 'ConditionalExpression';
  condition: Expression;
  consequent: Expression;
  alternate: Expression;
}

/** The types a type test takes: those a value can be told by when the program runs in every target. */
export const TESTED_TYPES: readonly string[] = ['number', 'string', 'bool', 'list'];

/** `operand is number`: whether the value is of the tested type when the program runs. */
export interface TypeTest extends NodeBase {
  type: 'TypeTest';
  operand: Expression;
  /** `number`, `string`, `bool` or `list` (the checker reports any other name). */
  testedType: string;
}

/** `not` is "!". */
export type UnaryOperator = '-' | '!' | 'await';

export interface UnaryExpression extends NodeBase {
  type: 'UnaryExpression';
  operator: UnaryOperator;
  operand: Expression;
}

export interface CallExpression extends NodeBase {
  type: 'CallExpression';
  callee: Expression;
  arguments: Expression[];
}

export interface MemberExpression extends NodeBase {
  type: 'MemberExpression';
  property: string;
  object: Expression;
}

export interface IndexExpression extends NodeBase {
  type: 'IndexExpression';
  object: Expression;
  index: Expression;
}

export interface Identifier extends NodeBase {
  type: 'Identifier';
  name: string;
}

export interface Literal extends NodeBase {
  type: 'Literal';
  value: number | string | boolean | null;
  raw: string;
}

export interface ArrayLiteral extends NodeBase {
  type: 'ArrayLiteral';
  elements: Expression[];
}

export interface ObjectLiteral extends NodeBase {
  type: 'ObjectLiteral';
  properties: Property[];
}

export interface Property extends NodeBase {
  type: 'Property';
  key: string;
  value: Expression;
}

export interface Lambda extends NodeBase {
  type: 'Lambda';
  parameters: Parameter[];
  returnType: string | null;
  body: Block | Expression;
}

export type AnnotationArgValue = number | string | boolean | null;

export interface Annotation extends NodeBase {
  type: 'Annotation';
  annotationType: string;
  strategy: string | null;
  reason: string | null;
  confidence: number | null;
  /** Every key: value argument, `reason` and `confidence` included, in source order. */
  args: Record<string, AnnotationArgValue>;
}

/** Source the parser could not place. */
export interface ErrorNode extends NodeBase {
  type: 'ErrorNode';
  text: string;
}

export type Expression =
  | ConditionalExpression
  | BinaryExpression
  | TypeTest
  | UnaryExpression
  | CallExpression
  | MemberExpression
  | IndexExpression
  | Identifier
  | Literal
  | ArrayLiteral
  | ObjectLiteral
  | Lambda
  | ErrorNode;

export type Statement =
  | VariableDeclaration
  | AssignmentStatement
  | MultipleAssignment
  | ReturnStatement
  | IfStatement
  | WhileStatement
  | ForStatement
  | BreakStatement
  | ContinueStatement
  | ThrowStatement
  | TryStatement
  | ExpressionStatement
  | ErrorNode;

export type TopLevel = ImportDeclaration | TypeDeclaration | FunctionDeclaration | Statement;

export type Node =
  | Program
  | ImportDeclaration
  | TypeDeclaration
  | Field
  | FunctionDeclaration
  | Parameter
  | Block
  | Statement
  | Expression
  | Property
  | Annotation;

export type NodeType = Node['type'];

/**
 * The roles of each node type, in source order: the fields that hold nodes. A role is either a
 * list of nodes or a single node (possibly null). This table is the one place that says which
 * fields are children; walking, id matching, printing and mutation all use it.
 */
export const ROLES: { readonly [T in NodeType]: readonly { name: string; list: boolean }[] } = {
  Program: [{ name: 'children', list: true }],
  ImportDeclaration: [],
  TypeDeclaration: [{ name: 'annotations', list: true }, { name: 'fields', list: true }],
  Field: [],
  FunctionDeclaration: [
    { name: 'annotations', list: true },
    { name: 'parameters', list: true },
    { name: 'body', list: false },
  ],
  Parameter: [{ name: 'defaultValue', list: false }],
  Block: [{ name: 'statements', list: true }],
  VariableDeclaration: [{ name: 'annotations', list: true }, { name: 'initializer', list: false }],
  AssignmentStatement: [
    { name: 'annotations', list: true },
    { name: 'target', list: false },
    { name: 'value', list: false },
  ],
  MultipleAssignment: [
    { name: 'annotations', list: true },
    { name: 'targets', list: true },
    { name: 'values', list: true },
  ],
  ReturnStatement: [{ name: 'annotations', list: true }, { name: 'value', list: false }],
  IfStatement: [
    { name: 'annotations', list: true },
    { name: 'condition', list: false },
    { name: 'consequent', list: false },
    { name: 'alternate', list: false },
  ],
  WhileStatement: [
    { name: 'annotations', list: true },
    { name: 'condition', list: false },
    { name: 'body', list: false },
  ],
  ForStatement: [
    { name: 'annotations', list: true },
    { name: 'iterable', list: false },
    { name: 'body', list: false },
  ],
  BreakStatement: [{ name: 'annotations', list: true }],
  ContinueStatement: [{ name: 'annotations', list: true }],
  ThrowStatement: [{ name: 'annotations', list: true }, { name: 'value', list: false }],
  TryStatement: [
    { name: 'annotations', list: true },
    { name: 'body', list: false },
    { name: 'handler', list: false },
  ],
  ExpressionStatement: [{ name: 'annotations', list: true }, { name: 'expression', list: false }],
  ConditionalExpression: [
    { name: 'condition', list: false },
    { name: 'consequent', list: false },
    { name: 'alternate', list: false },
  ],
  BinaryExpression: [{ name: 'left', list: false }, { name: 'right', list: false }],
  TypeTest: [{ name: 'operand', list: false }],
  UnaryExpression: [{ name: 'operand', list: false }],
  CallExpression: [{ name: 'callee', list: false }, { name: 'arguments', list: true }],
  MemberExpression: [{ name: 'object', list: false }],
  IndexExpression: [{ name: 'object', list: false }, { name: 'index', list: false }],
  Identifier: [],
  Literal: [],
  ArrayLiteral: [{ name: 'elements', list: true }],
  ObjectLiteral: [{ name: 'properties', list: true }],
  Property: [{ name: 'value', list: false }],
  Lambda: [{ name: 'parameters', list: true }, { name: 'body', list: false }],
  Annotation: [],
  ErrorNode: [],
};

export const STATEMENT_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  'VariableDeclaration',
  'AssignmentStatement',
  'MultipleAssignment',
  'ReturnStatement',
  'IfStatement',
  'WhileStatement',
  'ForStatement',
  'BreakStatement',
  'ContinueStatement',
  'ThrowStatement',
  'TryStatement',
  'ExpressionStatement',
]);

/** The direct child nodes of `node`, in source order. */
export function childNodes(node: Node): Node[] {
  const out: Node[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const role of ROLES[node.type]) {
    const value = record[role.name];
    if (role.list) {
      for (const child of value as Node[]) out.push(child);
    } else if (value) {
      out.push(value as Node);
    }
  }
  return out;
}

/** Visits `node` and all its descendants, parents before children. */
export function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  // The roles read in place: a list of children per node is garbage on every walk of every file.
  const record = node as unknown as Record<string, unknown>;
  for (const role of ROLES[node.type]) {
    const value = record[role.name];
    if (role.list) {
      for (const child of value as Node[]) walk(child, visit, node);
    } else if (value) {
      walk(value as Node, visit, node);
    }
  }
}

/** Visits each return of a function body (not those of the functions inside it), with its value (null for a bare return). */
export function visitReturns(body: Node, visit: (value: Expression | null) => void): void {
  for (const child of childNodes(body)) {
    if (child.type === 'Lambda' || child.type === 'FunctionDeclaration') continue;
    if (child.type === 'ReturnStatement') visit(child.value);
    visitReturns(child, visit);
  }
}

/** The name a node is known by among its siblings, if it has one (used to match across edits). */
export function nodeName(node: Node): string | undefined {
  switch (node.type) {
    case 'TypeDeclaration':
    case 'Field':
    case 'FunctionDeclaration':
    case 'Parameter':
    case 'VariableDeclaration':
    case 'Identifier':
      return node.name;
    case 'Property':
      return node.key;
    case 'ForStatement':
      return node.iterator;
    case 'TryStatement':
      return node.catchName;
    case 'ImportDeclaration':
      return node.module;
    case 'MemberExpression':
      return node.property;
    case 'Annotation':
      return node.annotationType;
    default:
      return undefined;
  }
}
