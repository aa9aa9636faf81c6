// Diagnostics as the core reports them (docs/LANGUAGE.md "Diagnostics"). Adapters translate this
// shape (LSP Diagnostic, agent JSON, CLI lines); none of them invents codes or messages of its own.
import type { Span } from './ast';
import type { Mutation } from './mutation';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export type DiagnosticCode =
  | 'E_SYNTAX'
  | 'E_UNDEFINED'
  | 'E_DUPLICATE'
  | 'E_TYPE_MISMATCH'
  | 'E_ARITY'
  | 'E_NOT_CALLABLE'
  | 'E_UNKNOWN_FIELD'
  | 'E_ASSIGN_CONST'
  | 'E_BREAK_OUTSIDE_LOOP'
  | 'E_AWAIT_OUTSIDE_ASYNC'
  | 'E_ANNOTATION'
  | 'E_UNKNOWN_EXPORT'
  | 'W_UNUSED'
  | 'W_UNKNOWN_IMPORT'
  | 'W_UNREACHABLE'
  | 'W_MISSING_RETURN'
  | 'W_BIDI_CONTROL'
  | 'H_SHADOW';

export const DIAGNOSTIC_SEVERITY: { readonly [C in DiagnosticCode]: Severity } = {
  E_SYNTAX: 'error',
  E_UNDEFINED: 'error',
  E_DUPLICATE: 'error',
  E_TYPE_MISMATCH: 'error',
  E_ARITY: 'error',
  E_NOT_CALLABLE: 'error',
  E_UNKNOWN_FIELD: 'error',
  E_ASSIGN_CONST: 'error',
  E_BREAK_OUTSIDE_LOOP: 'error',
  E_AWAIT_OUTSIDE_ASYNC: 'error',
  E_ANNOTATION: 'error',
  E_UNKNOWN_EXPORT: 'error',
  W_UNUSED: 'warning',
  W_UNKNOWN_IMPORT: 'warning',
  W_UNREACHABLE: 'warning',
  W_MISSING_RETURN: 'warning',
  W_BIDI_CONTROL: 'warning',
  H_SHADOW: 'hint',
};

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** The node the diagnostic is about (for E_SYNTAX: the ErrorNode, or the nearest enclosing node). */
  nodeId: string;
  /** Where the diagnostic starts: line 1-based, column 0-based (UTF-16), as span.start. */
  line: number;
  column: number;
  span: Span;
  hint?: string;
  /** Mutations that repair the problem, applicable as they are with applyBatch. */
  fix?: Mutation[];
}

/** Builds a diagnostic with the severity of its code and line/column taken from the span. */
export function makeDiagnostic(
  code: DiagnosticCode,
  message: string,
  nodeId: string,
  span: Span,
  extra: { hint?: string; fix?: Mutation[] } = {},
): Diagnostic {
  const diagnostic: Diagnostic = {
    code,
    severity: DIAGNOSTIC_SEVERITY[code],
    message,
    nodeId,
    line: span.start.line,
    column: span.start.column,
    span,
  };
  if (extra.hint !== undefined) diagnostic.hint = extra.hint;
  if (extra.fix !== undefined) diagnostic.fix = extra.fix;
  return diagnostic;
}

/**
 * Diagnostics in source order (by start, then end, then code, then message), whichever lists they
 * come from: the one order the language server, the agents and the command line all report, and
 * the parser's own problems before they become diagnostics; it never depends on how the lists were
 * put together. Generic so that diagnostics with codes of their own (projection's W_UNSUPPORTED,
 * …) share it.
 */
export function inSourceOrder<D extends { span: Pick<Span, 'startOffset' | 'endOffset'>; code?: string; message?: string }>(...lists: readonly (readonly D[])[]): D[] {
  return lists
    .flat()
    .sort((a, b) => a.span.startOffset - b.span.startOffset || a.span.endOffset - b.span.endOffset || compareText(a.code, b.code) || compareText(a.message, b.message));
}

function compareText(a = '', b = ''): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const errorKey = (diagnostic: Diagnostic): string => `${diagnostic.code}\u0000${diagnostic.message}`;

/** The errors in `after` that `before` does not have (by code and message: positions move). */
export function addedErrors(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  for (const diagnostic of before) {
    if (diagnostic.severity !== 'error') continue;
    counts.set(errorKey(diagnostic), (counts.get(errorKey(diagnostic)) ?? 0) + 1);
  }
  return after.filter((diagnostic) => {
    if (diagnostic.severity !== 'error' || diagnostic.code === 'E_SYNTAX') return false;
    const count = counts.get(errorKey(diagnostic)) ?? 0;
    if (count === 0) return true;
    counts.set(errorKey(diagnostic), count - 1);
    return false;
  });
}
