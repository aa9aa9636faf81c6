// Pass 2 of the analysis: types and checks. Top-level statements are checked in order first and
// function bodies afterwards, so that bodies see the inferred types of all top-level variables.
// The statements and declarations are checked in check-statements.ts, the expressions typed and
// checked in infer-expressions.ts; they share a CheckContext (check-context.ts).
import type { FunctionDeclaration, Program } from '../ast/ast';
import { CheckContext, type CheckResult } from './check-context';
import { StatementChecker } from './check-statements';
import { ExpressionChecker } from './infer-expressions';
import type { NameSpans, Resolution } from './resolve';
import type { TypeTable } from './type-table';

export type { CallRecord, CheckResult } from './check-context';

export function checkProgram(program: Program, resolution: Resolution, types: TypeTable, names: NameSpans | undefined): CheckResult {
  const context = new CheckContext(resolution, types, names);
  // A lambda in an expression may have a block body, and blocks hold expressions: the two checkers
  // reach each other, the expression checker through this callback.
  const expressions = new ExpressionChecker(context, (node, body, returnType, what) => statements.checkBody(node, body, returnType, what));
  const statements = new StatementChecker(context, expressions);

  context.callerId = program.id;
  const functions: FunctionDeclaration[] = [];
  for (const child of program.children) {
    if (child.type === 'FunctionDeclaration') {
      statements.checkAnnotations(child.annotations);
      functions.push(child);
    } else if (child.type === 'TypeDeclaration') {
      statements.checkAnnotations(child.annotations);
    } else if (child.type !== 'ImportDeclaration') {
      statements.checkStatement(child);
    }
  }
  for (const fn of functions) statements.checkFunction(fn);
  return context.result;
}
