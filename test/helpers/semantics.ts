// Helpers for tests of the semantic layer: analyse real text, find nodes by their source text.
import { walk, type Node, type NodeType, type Diagnostic, type DiagnosticCode } from '../../server/src/core/ast';
import { analyze, type AnalyzeOptions, type SemanticModel } from '../../server/src/core/semantics';
import type { WhetstoneDocument } from '../../server/src/core/syntax';
import { parse } from './core';

export interface Analysed {
  doc: WhetstoneDocument;
  model: SemanticModel;
}

/** Parses `text` (which must have no syntax errors) and analyses it with the document's name spans. */
export async function analyzeText(text: string, options: Omit<AnalyzeOptions, 'names'> = {}): Promise<Analysed> {
  const doc = await parse(text);
  if (doc.syntaxDiagnostics.length > 0) {
    throw new Error(`test program has syntax errors: ${doc.syntaxDiagnostics.map((d) => d.message).join('; ')}`);
  }
  return { doc, model: analyze(doc.ast, { ...options, names: doc }) };
}

export function withCode(model: SemanticModel, code: DiagnosticCode): Diagnostic[] {
  return model.diagnostics.filter((diagnostic) => diagnostic.code === code);
}

export function codesOf(model: SemanticModel): DiagnosticCode[] {
  return model.diagnostics.map((diagnostic) => diagnostic.code);
}

/** The n-th node (0-based, source order) of that type whose source text is exactly `text`. */
export function nodeByText(doc: WhetstoneDocument, type: NodeType, text: string, nth = 0): Node {
  const found: Node[] = [];
  walk(doc.ast, (node) => {
    if (node.type === type && doc.textOf(node) === text) found.push(node);
  });
  const node = found[nth];
  if (!node) throw new Error(`no ${type} with text ${JSON.stringify(text)} (#${nth})`);
  return node;
}

/** The n-th node of that type with that name (Identifier, declarations…). */
export function nodeByName(doc: WhetstoneDocument, type: NodeType, name: string, nth = 0): Node {
  const found: Node[] = [];
  walk(doc.ast, (node) => {
    if (node.type === type && 'name' in node && node.name === name) found.push(node);
  });
  const node = found[nth];
  if (!node) throw new Error(`no ${type} named ${name} (#${nth})`);
  return node;
}

/** The source text a diagnostic's span covers. */
export function spannedText(doc: WhetstoneDocument, diagnostic: Diagnostic): string {
  return doc.text.slice(diagnostic.span.startOffset, diagnostic.span.endOffset);
}
