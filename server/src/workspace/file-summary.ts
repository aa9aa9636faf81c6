// What the index keeps of a file that is not open: its top-level declarations (name, kind, where,
// and as text a function's signature, a type's fields, a variable's type) and the modules it uses.
// A buffer costs about a hundred times its text; a summary costs a few hundred bytes per
// declaration, so a workspace of a thousand files fits where ten open buffers would not. The text
// is parsed once, read, and the document disposed: no tree and no AST outlives the summary.
import type { Field, Node, Span } from '../core/ast';
import { analyze } from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';
import { summarizeReferences, type ReferenceSummary } from './reference-summary';

export type DeclarationKind = 'function' | 'type' | 'constant' | 'variable';

/** A range as plain numbers: lines 1-based, columns 0-based in UTF-16 code units (the core's). */
export interface SummarySpan {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface DeclarationSummary {
  name: string;
  kind: DeclarationKind;
  /** The whole declaration. */
  span: SummarySpan;
  /** Its name, where a cursor is put to show it. */
  nameSpan: SummarySpan;
  /** A function's signature as written (`fn total(items: list<Item>): number`), a variable's type, a type's fields (`{ name: string, … }`). */
  detail?: string;
  /** A type's fields, each with where its name is written (findSymbol finds `Order.total` by them). */
  fields?: readonly FieldSummary[];
}

export interface FieldSummary {
  name: string;
  /** Its type as written. */
  type: string;
  nameSpan: SummarySpan;
}

export interface ImportSummary {
  module: string;
  names: readonly string[];
}

export interface FileSummary {
  declarations: readonly DeclarationSummary[];
  imports: readonly ImportSummary[];
  /** Where its top-level and imported names are written (reference-summary.ts); a file read from disk has it, an open buffer's is asked of its analysis. */
  references?: ReferenceSummary;
}

/** Parses `text` once and keeps only its summary (with its reference summary unless `references` is false). */
export function summarizeText(text: string, options: { references?: boolean } = {}): FileSummary {
  const document = WhetstoneDocument.create(text);
  try {
    return summarizeParsed(document, options);
  } finally {
    document.dispose();
  }
}

/** The summary summarizeText gives for a document's text, from the document (a buffer closing: no parse). */
export function summarizeParsed(document: WhetstoneDocument, options: { references?: boolean } = {}): FileSummary {
  const summary = summarizeDocument(document);
  // Scope rules only: what the imported modules declare does not change which tokens denote them.
  if (options.references !== false) summary.references = summarizeReferences(document, analyze(document, { scopesOnly: true }), summary.declarations);
  return summary;
}

/** The summary of a document's current AST (an open buffer's, or one just parsed). */
export function summarizeDocument(document: WhetstoneDocument): FileSummary {
  const declarations: DeclarationSummary[] = [];
  const imports: ImportSummary[] = [];
  const add = (node: Node, name: string, kind: DeclarationKind, detail: string | undefined, fields?: FieldSummary[]): void => {
    // Read off the node: by id it would build the document's id index, a map of every node, for a few top-level names.
    const nameSpan = document.nameSpanOfNode(node);
    // A name the parser could not read has nothing to find or show.
    if (!name || !nameSpan) return;
    const declaration: DeclarationSummary = { name: detached(name), kind, span: plain(node.span), nameSpan: plain(nameSpan) };
    if (detail) declaration.detail = detached(detail);
    if (fields && fields.length > 0) declaration.fields = fields;
    declarations.push(declaration);
  };
  for (const item of document.ast.children) {
    switch (item.type) {
      case 'ImportDeclaration':
        imports.push({ module: detached(item.module), names: item.names.map(detached) });
        break;
      case 'FunctionDeclaration': {
        const parameters = item.parameters.map(
          (parameter) =>
            `${parameter.name}${parameter.paramType ? `: ${parameter.paramType}` : ''}${parameter.defaultValue ? ` = ${document.textOf(parameter.defaultValue)}` : ''}`,
        );
        const signature = `${item.async ? 'async ' : ''}fn ${item.name}(${parameters.join(', ')})${item.returnType ? `: ${item.returnType}` : ''}`;
        add(item, item.name, 'function', signature);
        break;
      }
      case 'TypeDeclaration':
        add(item, item.name, 'type', `{ ${item.fields.map((field) => `${field.name}: ${field.fieldType}`).join(', ')} }`, fieldsOf(document, item.fields));
        break;
      case 'VariableDeclaration':
        add(item, item.name, item.kind === 'const' ? 'constant' : 'variable', item.varType ?? undefined);
        break;
      default:
        break;
    }
  }
  return { declarations, imports };
}

function fieldsOf(document: WhetstoneDocument, fields: readonly Field[]): FieldSummary[] {
  const summaries: FieldSummary[] = [];
  for (const field of fields) {
    const nameSpan = document.nameSpanOfNode(field);
    if (field.name && nameSpan) summaries.push({ name: detached(field.name), type: detached(field.fieldType), nameSpan: plain(nameSpan) });
  }
  return summaries;
}

function plain(span: Span): SummarySpan {
  return { startLine: span.start.line, startColumn: span.start.column, endLine: span.end.line, endColumn: span.end.column };
}

/**
 * A copy of the string that shares no memory with the text it was read from: V8 may keep a
 * substring as a view into its whole source, which would keep every indexed file's text alive.
 */
function detached(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
