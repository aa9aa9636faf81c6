// Python's min(xs) and max(xs) of one list (or of a generator expression, collected into a list)
// became minOf and maxOf, which compare numbers. Python's also compare texts (and lists, tuples),
// and raise ValueError for an empty list where minOf gives Infinity and maxOf -Infinity. What the
// types say is not a list of numbers is an error here; a list of unknown elements, and whether a
// list is ever empty there, is left to the run at import (python-float-run.ts stops at an empty
// one or one holding other than numbers, and python-run-gaps.ts reports what it did not reach).
import { walk, type CallExpression, type Expression, type Node, type Program } from '../../core/ast';
import { analyze, ANY, listOf, STRING, stripOptional, typeToString, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';

const EXTREMES = new Set(['minOf', 'maxOf']);

/** Errors for the minOf and maxOf calls of an imported Python program whose list the types say holds other than numbers. */
export function reportExtremes(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const calls: CallExpression[] = [];
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && EXTREMES.has(node.callee.name) && builder.libraryCallees.has(node.callee.id)) calls.push(node);
  });
  if (calls.length === 0) return [];
  const model = analyze(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const call of calls) {
    const argument = call.arguments[0];
    const typeOf = (expression: Expression): Type | undefined => {
      const type = model.typeOf(expression.id);
      return type ? stripOptional(type) : undefined;
    };
    // A list written out is typed by the list minOf expects: its elements say what it holds.
    const elements = argument?.type === 'ArrayLiteral' ? argument.elements.map((element) => typeOf(element as Expression)?.kind ?? 'any') : undefined;
    const list = argument?.type === 'ArrayLiteral' ? listOf(elements?.every((kind) => kind === 'number' || kind === 'any') ? ANY : STRING) : argument ? typeOf(argument) : undefined;
    if (!list || list.kind === 'any') continue;
    const element = list.kind === 'list' ? stripOptional(list.element) : undefined;
    if (element && (element.kind === 'number' || element.kind === 'any')) continue;
    const name = call.callee.type === 'Identifier' && call.callee.name === 'minOf' ? 'min' : 'max';
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${name}(…) of ${typeToString(list)}: Whetstone's ${name}Of compares the numbers of a list, where Python's ${name} also orders texts, lists and tuples`, call.id, call.span, {
        hint: `Give ${name}(…) a list of numbers, or find the ${name === 'min' ? 'smallest' : 'largest'} text with a loop.`,
      }),
    );
  }
  return diagnostics;
}
