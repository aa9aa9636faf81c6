// A function made in a loop that reads a name of the loop's turn (the for's name, or a variable
// declared in the body). Whetstone gives each turn its own, as JavaScript's for-of and block `let`
// do; Python has one variable for the whole function, so a closure called after its turn sees the
// last value. A lambda passed straight to a built-in that calls it at once (map, filter, sort…)
// runs within its turn and sees the same value everywhere.
import type * as A from '../core/ast';
import { childNodes } from '../core/ast';

/** The built-ins that call a lambda argument before they return, and keep nothing of it. */
const CALLED_AT_ONCE: ReadonlySet<string> = new Set(['map', 'filter', 'reduce', 'some', 'every', 'find', 'forEach', 'sort', 'sorted']);

/** The first lambda in `loop` that may outlive its turn and reads a name of the turn, with that name. */
export function turnNameCapture(loop: A.WhileStatement | A.ForStatement): { lambda: A.Lambda; name: string } | undefined {
  const turnNames = new Set<string>(loop.type === 'ForStatement' ? [loop.iterator] : []);
  const lambdas: A.Lambda[] = [];
  const visit = (node: A.Node, parent: A.Node | null): void => {
    if (node.type === 'Lambda') {
      if (!calledAtOnce(node, parent)) lambdas.push(node);
      return;
    }
    if (node.type === 'VariableDeclaration') turnNames.add(node.name);
    if (node.type === 'ForStatement') turnNames.add(node.iterator);
    if (node.type === 'TryStatement') turnNames.add(node.catchName);
    for (const child of childNodes(node)) visit(child, node);
  };
  visit(loop.body, loop);
  for (const lambda of lambdas) {
    const name = readName(lambda, turnNames);
    if (name) return { lambda, name };
  }
  return undefined;
}

function calledAtOnce(lambda: A.Lambda, parent: A.Node | null): boolean {
  return parent?.type === 'CallExpression' && parent.callee.type === 'Identifier' && CALLED_AT_ONCE.has(parent.callee.name) && parent.arguments.includes(lambda);
}

/** A name of `names` the lambda reads (its own parameters left out). */
function readName(lambda: A.Lambda, names: ReadonlySet<string>): string | undefined {
  const own = new Set(lambda.parameters.map((param) => param.name));
  const pending: A.Node[] = [lambda.body];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'Identifier' && names.has(node.name) && !own.has(node.name)) return node.name;
    pending.push(...childNodes(node));
  }
  return undefined;
}
