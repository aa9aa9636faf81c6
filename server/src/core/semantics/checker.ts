// Pass 2 of the analysis: types and checks, one top-level item at a time, each into a result of
// its own. Top-level statements are checked in order first and function bodies afterwards (see
// model.ts), so that bodies see the inferred types of all top-level variables. The statements
// and declarations are checked in check-statements.ts, the expressions typed and checked in
// infer-expressions.ts; they share a CheckContext (check-context.ts).
import type { Program, TopLevel } from '../ast/ast';
import { CheckContext, type CheckResult } from './check-context';
import { StatementChecker } from './check-statements';
import { ExpressionChecker } from './infer-expressions';
import type { NameSpans, Resolution } from './resolve';
import type { TypeTable } from './type-table';

export type { CallRecord, CheckResult } from './check-context';

/** Checks one top-level item against its resolution layer (Resolver.resolveItem). */
export function checkItem(program: Program, item: TopLevel, resolution: Resolution, types: TypeTable, names: NameSpans | undefined): CheckResult {
  const context = new CheckContext(item, resolution, types, names);
  // A lambda in an expression may have a block body, and blocks hold expressions: the two checkers
  // reach each other, the expression checker through this callback.
  const expressions = new ExpressionChecker(context, (node, body, returnType, what) => statements.checkBody(node, body, returnType, what));
  const statements = new StatementChecker(context, expressions);

  context.callerId = program.id;
  if (item.type === 'FunctionDeclaration') {
    statements.checkAnnotations(item.annotations);
    statements.checkFunction(item);
  } else if (item.type === 'TypeDeclaration') {
    statements.checkAnnotations(item.annotations);
  } else if (item.type !== 'ImportDeclaration') {
    statements.checkStatement(item);
  }
  return context.result;
}
