// A call of a function of the file that returns no value, used as a value (`console.log(s.push(1))`):
// JavaScript gives undefined, printed `undefined`, where Whetstone's value is null, which the
// generated Python shows as `null`. Each such use is an error; a call as a statement of its own, or
// as the body of an arrow function (whose value a walk such as forEach drops), is not one.
import { visitReturns, walk, type FunctionDeclaration, type Node, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

export function reportVoidCallValues(program: Program): ProjectionDiagnostic[] {
  const valueless = new Set<string>();
  for (const child of program.children) {
    if (child.type !== 'FunctionDeclaration' || child.async || !returnsNothing(child)) continue;
    valueless.add(child.name);
  }
  if (valueless.size === 0) return [];
  const found: ProjectionDiagnostic[] = [];
  walk(program, (node: Node, parent: Node | null) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !valueless.has(node.callee.name)) return;
    if (parent?.type === 'ExpressionStatement' || parent?.type === 'Lambda') return;
    found.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: the value of ${node.callee.name}(…), which returns nothing, has no Whetstone form`, node.id, node.span, {
        hint: 'JavaScript gives undefined, printed undefined, where Whetstone gives null (printed null in Python): call it as a statement, and use a value of your own.',
      }),
    );
  });
  return found;
}

function returnsNothing(fn: FunctionDeclaration): boolean {
  let value = false;
  visitReturns(fn.body, (returned) => {
    if (returned) value = true;
  });
  return !value;
}
