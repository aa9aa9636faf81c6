// A document's diagnostics as a person is shown them, wherever they are computed (an open buffer,
// a file checked from disk, the command line): syntax and semantic in source order, each missing
// `;` with its fix when fixes are wanted, and a half-typed statement's cascade folded into one
// (syntax/cascades.ts), so a file shows the same problems whether or not it is open.
import { inSourceOrder, type Diagnostic } from '../ast/diagnostics';
import type { SemanticModel } from '../semantics/model';
import { foldCascades } from '../syntax/cascades';
import type { WhetstoneDocument } from '../syntax/document';
import { withSyntaxFixes } from './syntax-fixes';

export function documentDiagnostics(document: WhetstoneDocument, model: SemanticModel, options: { fixes: boolean }): Diagnostic[] {
  const syntax = options.fixes ? withSyntaxFixes(document, document.syntaxDiagnostics) : document.syntaxDiagnostics;
  return foldCascades(document.text, inSourceOrder(syntax, model.diagnostics));
}
