// The data the core shares with whoever uses it: the AST agents see (node types, roles, walking,
// lookups), what a client may write into it (node schema, lexical rules, type strings, the
// mutation kinds) and the diagnostics reported about it.
export * from './ast';
export { TextSpan, cloneTree } from './text-span';
export { indexTree, childEntries, roleOf, type AstIndex, type ChildEntry } from './ast-index';
export { NODE_RULES, EXPRESSION_TYPES, KIND_DESCRIPTIONS, type NodeRule, type RoleRule, type FieldRule } from './node-schema';
export { KEYWORDS, isIdentifier, literalText, type LiteralValue } from './lexical';
export { normalizeType } from './type-text';
export {
  MUTATION_KINDS,
  MUTATION_TYPES,
  MUTATION_FIELDS,
  isMutationType,
  mutationJsonSchema,
  type Mutation,
  type MutationType,
  type MutationKind,
  type MutationField,
  type JsonSchema,
  type NodeSpec,
  type SetPropertyMutation,
  type UpdateNodeMutation,
  type InsertNodeMutation,
  type DeleteNodeMutation,
} from './mutation';
export { makeDiagnostic, inSourceOrder, addedErrors, DIAGNOSTIC_SEVERITY, type Diagnostic, type DiagnosticCode, type Severity } from './diagnostics';
