// The data the core shares with whoever uses it: the AST agents see (node types, roles, walking,
// lookups), what a client may write into it (node schema, lexical rules, type strings, the
// mutation kinds) and the diagnostics reported about it.
export * from './ast';
export { indexTree, childEntries, roleOf, type AstIndex, type ChildEntry } from './ast-index';
export { NODE_RULES, EXPRESSION_TYPES, KIND_DESCRIPTIONS, type NodeRule, type RoleRule, type FieldRule } from './node-schema';
export { KEYWORDS, isIdentifier, literalText, type LiteralValue } from './lexical';
export { normalizeType } from './type-text';
export type { Mutation, NodeSpec, SetPropertyMutation, UpdateNodeMutation, InsertNodeMutation, DeleteNodeMutation } from './mutation';
export { makeDiagnostic, DIAGNOSTIC_SEVERITY, type Diagnostic, type DiagnosticCode, type Severity } from './diagnostics';
