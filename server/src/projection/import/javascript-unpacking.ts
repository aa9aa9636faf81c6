// `const [a, b] = value` is read as a holder and its elements by index. Past the end of a shorter
// list JavaScript binds undefined, where an index out of range stops the Python program; of a text,
// destructuring walks code points where an index reads UTF-16 units. So the reading keeps its
// meaning only where the value is sure to be a list of at least as many elements (a list literal,
// or a call of a function of the file that returns only such: javascript-values.ts); any other is
// an error at import.
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import type { JavaScriptValues } from './javascript-values';

/** Errors for the array destructurings whose value is not known to hold enough elements. */
export function reportShortUnpacking(unpackings: AstBuilder['unpackings'], values: JavaScriptValues): ProjectionDiagnostic[] {
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const { holder, count, span } of unpackings) {
    if (holder.initializer && values.knownLength(holder.initializer) >= count) continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        `Not carried into Whetstone: an array destructuring of ${count} name${count === 1 ? '' : 's'} from a value not known to be a list of at least ${count} element${count === 1 ? '' : 's'}; JavaScript binds undefined past the end of a shorter list (where Python stops with an IndexError) and walks a text by code points`,
        holder.id,
        span,
        { hint: 'Return a list literal of that length from the function, or read the parts by index after checking the length.' },
      ),
    );
  }
  return diagnostics;
}
