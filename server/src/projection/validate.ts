// The pipeline's validation stage: the checker's diagnostics, the library policy's violations
// (calls and imports it blocks) and the annotation suggestions, all from the core.
import type { Diagnostic, Program } from '../core/ast';
import { reviewChange } from '../core/editing';
import { analyze, type LibraryContext } from '../core/semantics';
import { suggestAnnotations, type Suggestion } from '../core/suggest';

export interface Violation {
  /** The CallExpression or ImportDeclaration the policy blocks. */
  nodeId: string;
  callee: string;
  module: string | null;
  reason: string;
  line: number;
  column: number;
}

export interface Validation {
  diagnostics: Diagnostic[];
  violations: Violation[];
  suggestions: Suggestion[];
}

export function validate(program: Program, library?: LibraryContext): Validation {
  const model = analyze(program, { library });
  // Every call and import of the program is "introduced" (nothing was there before), so the
  // review lists every use the policy blocks.
  const review = reviewChange(() => undefined, program, () => model, model.library);
  const violations = review.blocked.map((blocked) => {
    const span = model.nodeById(blocked.nodeId)?.span;
    return { ...blocked, line: span?.start.line ?? 0, column: span?.start.column ?? 0 };
  });
  return { diagnostics: model.diagnostics, violations, suggestions: suggestAnnotations(program, model, model.library) };
}
