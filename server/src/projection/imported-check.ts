// Whether what an import made of a source checks as Whetstone: the checker's errors of the
// Whetstone text it prints, read back as a document (the program a person or agent then has). The
// imported AST itself is not the one to check: the nodes an importer makes to carry a construct
// take the source's spans, and the checker reads order from spans (a name is visible from its
// declaration on), so a recursive local function would read as used before its declaration.
// Each error names its line in the Whetstone written; it is placed at the same error of the
// imported AST where that one has it (its place in the source), else at the source's start.
import type { Program } from '../core/ast';
import { analyze } from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';
import type { ProjectionDiagnostic } from './diagnostics';
import { NO_SPAN } from './diagnostics';

/** The checker's errors of the imported `program`, written as `whetstone` (the text generate gives for it). */
export function importedCheckErrors(program: Program, whetstone: string): ProjectionDiagnostic[] {
  const document = WhetstoneDocument.create(whetstone);
  let written;
  try {
    written = analyze(document.ast).diagnostics.filter((d) => d.severity === 'error');
  } finally {
    document.dispose();
  }
  if (written.length === 0) return [];
  const inSource = analyze(program).diagnostics.filter((d) => d.severity === 'error');
  return written.map((error) => {
    const at = inSource.findIndex((d) => d.code === error.code && d.message === error.message);
    const placed = at >= 0 ? inSource.splice(at, 1)[0] : undefined;
    return {
      code: error.code,
      severity: 'error',
      message: `The imported program does not check as Whetstone (line ${error.line} of the Whetstone written): ${error.message}`,
      nodeId: placed?.nodeId ?? program.id,
      line: placed?.line ?? 1,
      column: placed?.column ?? 0,
      span: placed?.span ?? NO_SPAN,
    };
  });
}
