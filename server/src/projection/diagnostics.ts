// Diagnostics of projection: the core's (syntax and semantic), plus what only a projection can
// say: W_UNSUPPORTED (a construct of the source language with no Whetstone form, left out, with
// its span and what was left out), W_UNFAITHFUL (a node a generator could not carry into the
// target) and W_DIVISION_BY_ZERO (a constant division the optimiser left as it is).
import type { Diagnostic, DiagnosticCode, Severity, Span } from '../core/ast';

export type ProjectionCode = DiagnosticCode | 'W_UNSUPPORTED' | 'W_UNFAITHFUL' | 'W_DIVISION_BY_ZERO';

export interface ProjectionDiagnostic extends Omit<Diagnostic, 'code' | 'fix'> {
  code: ProjectionCode;
  /** For W_UNSUPPORTED: the source text that was left out (shortened). */
  omitted?: string;
  fix?: Diagnostic['fix'];
}

const MAX_OMITTED = 200;

export function projectionDiagnostic(
  code: ProjectionCode,
  severity: Severity,
  message: string,
  nodeId: string,
  span: Span,
  extra: { hint?: string; omitted?: string } = {},
): ProjectionDiagnostic {
  const diagnostic: ProjectionDiagnostic = { code, severity, message, nodeId, line: span.start.line, column: span.start.column, span };
  if (extra.hint !== undefined) diagnostic.hint = extra.hint;
  if (extra.omitted !== undefined) {
    diagnostic.omitted = extra.omitted.length > MAX_OMITTED ? `${extra.omitted.slice(0, MAX_OMITTED)}…` : extra.omitted;
  }
  return diagnostic;
}

/** A span of nothing, for nodes made by projection rather than read from a source. */
export const NO_SPAN: Span = Object.freeze({
  start: Object.freeze({ line: 0, column: 0 }),
  end: Object.freeze({ line: 0, column: 0 }),
  startOffset: 0,
  endOffset: 0,
}) as Span;
