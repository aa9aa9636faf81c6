// A Python function made in a loop reads the loop's variables when it runs: called after its
// turn, it sees their last values. Whetstone gives each turn its own for name and body variables
// (as JavaScript does), so such a closure would see its own turn's value: an error at import.
import type * as A from '../../core/ast';
import { walk } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { turnNameCapture } from '../loop-closures';

/** W_UNSUPPORTED for each loop with a function that may run after its turn and reads a name of the turn. */
export function reportLateBindings(ast: A.Program): ProjectionDiagnostic[] {
  const diagnostics: ProjectionDiagnostic[] = [];
  walk(ast, (node) => {
    if (node.type !== 'ForStatement' && node.type !== 'WhileStatement') return;
    const found = turnNameCapture(node);
    if (!found) return;
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: a function made in a loop that reads ${found.name} has no Whetstone form; Python's closure sees the variable's last value when it runs after its turn, Whetstone gives each turn its own ${found.name}`, found.lambda.id, found.lambda.span, {
        hint: `Pass ${found.name} to the function as a parameter, or build what it computes inside the loop.`,
      }),
    );
  });
  return diagnostics;
}
