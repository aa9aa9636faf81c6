// What each node type may hold, for checking what clients write: its plain fields (with the
// values they accept and their defaults) and, for each role of ROLES, which node types go there
// and whether it may be empty. ROLES (ast.ts) stays the one list of roles; a unit test checks that
// this table names exactly those.
import { STATEMENT_TYPES, TESTED_TYPES, type NodeType } from './ast';
import { isIdentifier, isWritableLiteralValue, rawSpells, type LiteralValue } from './lexical';
import type { NodeSpec } from './mutation';
import { normalizeType } from './type-text';

export type Accepted = { ok: true; value: unknown } | { ok: false };

export interface FieldRule {
  /** What the field takes, for error messages. */
  describe: string;
  /** The value to store (normalised), or not ok. */
  accept(value: unknown): Accepted;
  /** The value when a node spec leaves the field out; absent: the field is required. */
  fallback?: () => unknown;
  /** Advice for a value that is not accepted. */
  hint?: (value: unknown) => string | undefined;
}

/** The node types a role takes. */
export type ChildKind =
  | 'topLevel'
  | 'statement'
  | 'expression'
  | 'assignable'
  | 'annotation'
  | 'parameter'
  | 'field'
  | 'property'
  | 'block'
  | 'blockOrIf'
  | 'blockOrExpression';

export interface RoleRule {
  accepts: ChildKind;
  /** Whether a single role may be null (lists may always be empty). */
  nullable: boolean;
  /** The node a spec gets when it leaves this single role out. */
  fallback?: () => NodeSpec;
}

export interface NodeRule {
  /** Whether clients may create nodes of this type. */
  creatable: boolean;
  fields: Record<string, FieldRule>;
  roles: Record<string, RoleRule>;
}

const ok = (value: unknown): Accepted => ({ ok: true, value });
const no: Accepted = { ok: false };

const identifier: FieldRule = {
  describe: 'an identifier ([A-Za-z_][A-Za-z0-9_]*, not a keyword)',
  accept: (v) => (isIdentifier(v) ? ok(v) : no),
  hint: (v) => (typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? `'${v}' is a keyword` : undefined),
};

const typeText = (nullable: boolean): FieldRule => ({
  describe: nullable ? 'a type such as number, list<Item> or string?, or null' : 'a type such as number, list<Item> or string?',
  accept: (v) => {
    if (v === null) return nullable ? ok(null) : no;
    const normalized = typeof v === 'string' ? normalizeType(v) : undefined;
    return normalized === undefined ? no : ok(normalized);
  },
  fallback: nullable ? () => null : undefined,
});

const flag = (fallback: boolean): FieldRule => ({
  describe: 'true or false',
  accept: (v) => (typeof v === 'boolean' ? ok(v) : no),
  fallback: () => fallback,
});

const oneOf = (values: readonly string[], fallback?: string): FieldRule => ({
  describe: `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
  accept: (v) => (typeof v === 'string' && values.includes(v) ? ok(v) : no),
  fallback: fallback === undefined ? undefined : () => fallback,
});

const modulePath: FieldRule = {
  describe: 'a module path of identifiers separated by dots, such as math or net.http',
  accept: (v) => (typeof v === 'string' && v.split('.').every(isIdentifier) ? ok(v) : no),
};

const identifierList: FieldRule = {
  describe: 'a list of identifiers',
  accept: (v) => (Array.isArray(v) && v.every(isIdentifier) ? ok([...v]) : no),
  fallback: () => [],
};

const literalValue: FieldRule = {
  describe: 'a number (not negative, finite), a string, true, false or null',
  accept: (v) => (isWritableLiteralValue(v) ? ok(v) : no),
  hint: (v) =>
    typeof v === 'number' && v < 0
      ? `write ${v} as { "type": "UnaryExpression", "operator": "-", "operand": { "type": "Literal", "value": ${-v} } }`
      : undefined,
};

const literalRaw: FieldRule = {
  describe: 'the source spelling of the value (the printer derives it when left out)',
  accept: (v) => (typeof v === 'string' ? ok(v) : no),
  fallback: () => undefined, // filled in from the value by the node builder
};

const stringOrNull: FieldRule = {
  describe: 'a string or null',
  accept: (v) => (v === null || typeof v === 'string' ? ok(v) : no),
  fallback: () => null,
};

const numberOrNull: FieldRule = {
  describe: 'a finite number or null',
  accept: (v) => (v === null || (typeof v === 'number' && Number.isFinite(v)) ? ok(v) : no),
  fallback: () => null,
};

const identifierOrNull: FieldRule = {
  describe: 'an identifier or null',
  accept: (v) => (v === null || isIdentifier(v) ? ok(v) : no),
  fallback: () => null,
};

const isArgValue = (v: unknown): boolean =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

const annotationArgs: FieldRule = {
  describe: 'an object of identifier keys to numbers, strings, booleans or null',
  accept: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return no;
    const entries = Object.entries(v as Record<string, unknown>);
    return entries.every(([key, value]) => isIdentifier(key) && isArgValue(value)) ? ok(Object.fromEntries(entries)) : no;
  },
  fallback: () => ({}),
};

const emptyBlock = (): NodeSpec => ({ type: 'Block', statements: [] });
const annotations: RoleRule = { accepts: 'annotation', nullable: false };
const expression: RoleRule = { accepts: 'expression', nullable: false };
const optionalExpression: RoleRule = { accepts: 'expression', nullable: true };
const body: RoleRule = { accepts: 'block', nullable: false, fallback: emptyBlock };

const statement = (fields: Record<string, FieldRule>, roles: Record<string, RoleRule> = {}): NodeRule => ({
  creatable: true,
  fields,
  roles: { annotations, ...roles },
});

export const NODE_RULES: { readonly [T in NodeType]: NodeRule } = {
  Program: { creatable: false, fields: {}, roles: { children: { accepts: 'topLevel', nullable: false } } },
  ImportDeclaration: { creatable: true, fields: { module: modulePath, names: identifierList }, roles: {} },
  TypeDeclaration: {
    creatable: true,
    fields: { name: identifier },
    roles: { annotations, fields: { accepts: 'field', nullable: false } },
  },
  Field: { creatable: true, fields: { name: identifier, fieldType: typeText(false) }, roles: {} },
  FunctionDeclaration: {
    creatable: true,
    fields: { name: identifier, async: flag(false), returnType: typeText(true) },
    roles: { annotations, parameters: { accepts: 'parameter', nullable: false }, body },
  },
  Parameter: {
    creatable: true,
    fields: { name: identifier, paramType: typeText(true) },
    roles: { defaultValue: optionalExpression },
  },
  Block: { creatable: true, fields: {}, roles: { statements: { accepts: 'statement', nullable: false } } },
  VariableDeclaration: statement(
    { name: identifier, kind: oneOf(['let', 'const'], 'let'), varType: typeText(true) },
    { initializer: optionalExpression },
  ),
  AssignmentStatement: statement(
    { operator: oneOf(['=', '+=', '-=', '*=', '/='], '=') },
    { target: { accepts: 'assignable', nullable: false }, value: expression },
  ),
  MultipleAssignment: statement(
    {},
    { targets: { accepts: 'assignable', nullable: false }, values: { accepts: 'expression', nullable: false } },
  ),
  ReturnStatement: statement({}, { value: optionalExpression }),
  IfStatement: statement(
    {},
    {
      condition: expression,
      consequent: body,
      alternate: { accepts: 'blockOrIf', nullable: true },
    },
  ),
  WhileStatement: statement({}, { condition: expression, body }),
  ForStatement: statement({ iterator: identifier }, { iterable: expression, body }),
  BreakStatement: statement({}),
  ContinueStatement: statement({}),
  ThrowStatement: statement({}, { value: expression }),
  TryStatement: statement({ catchName: identifier }, { body, handler: body }),
  ExpressionStatement: statement({}, { expression }),
  ConditionalExpression: { creatable: true, fields: {}, roles: { condition: expression, consequent: expression, alternate: expression } },
  BinaryExpression: {
    creatable: true,
    fields: { operator: oneOf(['||', '&&', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>']) },
    roles: { left: expression, right: expression },
  },
  TypeTest: { creatable: true, fields: { testedType: oneOf(TESTED_TYPES) }, roles: { operand: expression } },
  UnaryExpression: { creatable: true, fields: { operator: oneOf(['-', '!', 'await']) }, roles: { operand: expression } },
  CallExpression: {
    creatable: true,
    fields: {},
    roles: { callee: expression, arguments: { accepts: 'expression', nullable: false } },
  },
  MemberExpression: { creatable: true, fields: { property: identifier }, roles: { object: expression } },
  IndexExpression: { creatable: true, fields: {}, roles: { object: expression, index: expression } },
  Identifier: { creatable: true, fields: { name: identifier }, roles: {} },
  Literal: { creatable: true, fields: { value: literalValue, raw: literalRaw }, roles: {} },
  ArrayLiteral: { creatable: true, fields: {}, roles: { elements: { accepts: 'expression', nullable: false } } },
  ObjectLiteral: { creatable: true, fields: {}, roles: { properties: { accepts: 'property', nullable: false } } },
  Property: { creatable: true, fields: { key: identifier }, roles: { value: expression } },
  Lambda: {
    creatable: true,
    fields: { returnType: typeText(true) },
    roles: {
      parameters: { accepts: 'parameter', nullable: false },
      body: { accepts: 'blockOrExpression', nullable: false, fallback: emptyBlock },
    },
  },
  Annotation: {
    creatable: true,
    fields: {
      annotationType: identifier,
      strategy: identifierOrNull,
      reason: stringOrNull,
      confidence: numberOrNull,
      args: annotationArgs,
    },
    roles: {},
  },
  // Source the parser could not place; mutate refuses to edit one (replace it instead).
  ErrorNode: { creatable: false, fields: {}, roles: {} },
};

export const EXPRESSION_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  'ConditionalExpression',
  'BinaryExpression',
  'TypeTest',
  'UnaryExpression',
  'CallExpression',
  'MemberExpression',
  'IndexExpression',
  'Identifier',
  'Literal',
  'ArrayLiteral',
  'ObjectLiteral',
  'Lambda',
  'ErrorNode',
]);

const DECLARATION_TYPES: ReadonlySet<NodeType> = new Set<NodeType>(['ImportDeclaration', 'TypeDeclaration', 'FunctionDeclaration']);

export function kindAccepts(kind: ChildKind, type: NodeType): boolean {
  switch (kind) {
    case 'topLevel':
      return DECLARATION_TYPES.has(type) || STATEMENT_TYPES.has(type) || type === 'ErrorNode';
    case 'statement':
      return STATEMENT_TYPES.has(type) || type === 'ErrorNode';
    case 'expression':
      return EXPRESSION_TYPES.has(type);
    case 'assignable':
      return type === 'Identifier' || type === 'MemberExpression' || type === 'IndexExpression';
    case 'annotation':
      return type === 'Annotation';
    case 'parameter':
      return type === 'Parameter';
    case 'field':
      return type === 'Field';
    case 'property':
      return type === 'Property';
    case 'block':
      return type === 'Block';
    case 'blockOrIf':
      return type === 'Block' || type === 'IfStatement';
    case 'blockOrExpression':
      return type === 'Block' || EXPRESSION_TYPES.has(type);
  }
}

export const KIND_DESCRIPTIONS: { readonly [K in ChildKind]: string } = {
  topLevel: 'an import, a type, a function or a statement',
  statement: 'a statement (VariableDeclaration, AssignmentStatement, MultipleAssignment, ReturnStatement, IfStatement, WhileStatement, ForStatement, BreakStatement, ContinueStatement, ThrowStatement, TryStatement, ExpressionStatement)',
  expression: 'an expression (Identifier, Literal, ConditionalExpression, BinaryExpression, TypeTest, UnaryExpression, CallExpression, MemberExpression, IndexExpression, ArrayLiteral, ObjectLiteral, Lambda)',
  assignable: 'a name, a field or an element (Identifier, MemberExpression, IndexExpression)',
  annotation: 'an Annotation',
  parameter: 'a Parameter',
  field: 'a Field',
  property: 'a Property',
  block: 'a Block',
  blockOrIf: 'a Block or an IfStatement',
  blockOrExpression: 'a Block or an expression',
};

/** A problem with the fields of one node taken together, or undefined. */
export function nodeInvariantProblem(node: Record<string, unknown> & { type: string }): string | undefined {
  if (node.type === 'VariableDeclaration' && node.kind === 'const' && node.initializer === null) {
    return "a const needs an initializer (insert one into role 'initializer', or use kind \"let\")";
  }
  if (node.type === 'MultipleAssignment' && ((node.targets as unknown[]).length < 2 || (node.values as unknown[]).length < 2)) {
    return 'a multiple assignment needs at least two targets and two values (use an AssignmentStatement for one)';
  }
  if (node.type === 'Literal' && !rawSpells(node.raw, node.value as LiteralValue)) {
    return `raw ${JSON.stringify(node.raw)} does not spell the value ${JSON.stringify(node.value)} (leave raw out to have it derived)`;
  }
  return undefined;
}
