// brokenCallers (docs/AGENT-ENDPOINT.md "Mutations"): the call sites and other uses a change of a
// module's exports (a parameter added, removed or retyped, a return type changed, a name removed)
// breaks in the files that import it, each with the node it is about, so an agent can fix them in
// the same batch or plan. Reported by every change, a dry run included, before it is applied.
// Found as the review preflight finds them (review-preflight.ts errorsInImporters); the importers
// nobody has open are opened first (importers.ts), so none is left out.
import { editsKeepExports, type SemanticModel } from '../core/semantics';
import type { TextEdit } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import type { AgentHost } from './host';
import { exportsChange, errorsInImporters, importsBuffer } from './review-preflight';
import { mayHaveImporters, reachImporters } from './importers';

export interface BrokenCaller {
  uri: string;
  nodeId: string;
  /** 1-based, as the diagnostic says. */
  line: number;
  column: number;
  diagnostic: { code: string; severity: string; message: string };
}

/** The most broken callers an answer lists; brokenCallersTotal counts them all. */
export const MAX_BROKEN_CALLERS = 200;

/** What a change of `buffer` by `edits` (offsets into its text), whose module then analyses as `after`, breaks in its importers. */
export async function brokenCallersOf(host: AgentHost, buffer: OpenBuffer, edits: readonly TextEdit[], after: () => SemanticModel): Promise<{ brokenCallers: BrokenCaller[]; brokenCallersTotal: number }> {
  const none = { brokenCallers: [], brokenCallersTotal: 0 };
  // Every change asks: most stay inside a function's body, and cost nothing here.
  if (editsKeepExports(buffer.document.ast, edits)) return none;
  if (!(await mayHaveImporters(host, buffer, (other) => importsBuffer(other, buffer, host.workspace)))) return none;
  const model = after();
  // Only a change of the exports can break an importer: nothing to open or analyse otherwise.
  if (!exportsChange(buffer, model)) return none;
  await reachImporters(host, buffer);
  const all = errorsInImporters(host.workspace, buffer, model, host.library()).flatMap(({ uri, errors }) =>
    errors.map((d) => ({ uri, nodeId: d.nodeId, line: d.line, column: d.column, diagnostic: { code: d.code, severity: d.severity, message: d.message } })),
  );
  return { brokenCallers: all.slice(0, MAX_BROKEN_CALLERS), brokenCallersTotal: all.length };
}
