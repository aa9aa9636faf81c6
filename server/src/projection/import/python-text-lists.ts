// Python's `list(x)` and `sorted(x)` take any iterable: a text gives its characters (by code point),
// a dict its keys. The import reads `list(x)` as charsOf(x) and `sorted(x)` as sorted(x); once the
// whole program is imported, the checker's type of `x` says which each is: a list's list(…) is a
// copy (slice), a dict's its keys, a text's sorted(…) sorts its characters, a dict's its keys. A list(…) of a value of
// no type the checker knows is an error: what Python walks there is not known at import.
import { walk, type CallExpression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional, typeToString } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';

/** The charsOf and sorted calls the import made of `list(x)` and `sorted(x)`, which retypeTextLists makes again by what `x` is. */
function listCalls(program: Program, builder: AstBuilder): CallExpression[] {
  const calls: CallExpression[] = [];
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && ['charsOf', 'sorted'].includes(node.callee.name) && builder.libraryCallees.has(node.callee.id) && node.arguments.length === 1) calls.push(node);
  });
  return calls;
}

/** The ids of those calls and their arguments: where the checker's error before retypeTextLists says nothing of the program. */
export function listCallIds(program: Program, builder: AstBuilder): Set<string> {
  return new Set(listCalls(program, builder).flatMap((call) => [call.id, call.callee.id, ...call.arguments.map((argument) => argument.id)]));
}

/** Retypes the charsOf and sorted calls the import made of `list(x)` and `sorted(x)` by what `x` is; an error where that is not known. */
export function retypeTextLists(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const calls = listCalls(program, builder);
  if (calls.length === 0) return [];
  const model = analyze(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const call of calls) {
    if (call.callee.type !== 'Identifier') continue;
    const [argument] = call.arguments;
    const found = model.typeOf(argument.id);
    const stripped = found ? stripOptional(found) : undefined;
    const type = stripped?.kind === 'any' ? undefined : stripped;
    if (call.callee.name === 'sorted') {
      if (type?.kind === 'string') call.arguments = [builder.call('charsOf', [argument], argument.span)];
      if (type?.kind === 'map') call.arguments = [builder.call('keys', [argument], argument.span)];
      continue;
    }
    if (type?.kind === 'string') continue;
    if (type?.kind === 'list') {
      call.callee.name = 'slice';
      call.arguments = [argument, builder.literal(0, argument.span)];
    } else if (type?.kind === 'map' || type?.kind === 'object') {
      call.callee.name = 'keys';
    } else {
      diagnostics.push(
        projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: list(…) of ${type ? typeToString(type) : 'a value of no known type'}: Python's list takes a text's characters, a list's elements or a dict's keys, and the type here does not say which`, call.id, call.span, {
          hint: 'Give the value a type hint (str, list[…] or dict[…]), or build the list with a loop.',
        }),
      );
    }
  }
  return diagnostics;
}
