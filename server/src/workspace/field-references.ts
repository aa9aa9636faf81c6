// The places that use a field of a declared type, across the workspace: in the file declaring the
// type, the names the checker resolved to the field and the keys, members and string indexes the
// type reaches (the core's fieldTokens, as a rename of the field finds them); in every file that
// imports from it, open or not, the same tokens as the core finds them there (importedFieldTokens,
// typed from the declaring file's signatures). A file not open is read and analysed for the
// question and dropped, as a rename across files does. Where a use cannot be told from a read of
// another value's field (a value whose type is not known), it is not listed but named in a note.
import { fieldTokens, importedFieldTokens, type FieldToken } from '../core/editing';
import { importedFieldAt, occurrenceAt, occurrencesOf } from '../core/queries';
import type { OpenBuffer } from './buffer';
import type { FileIndex, ReferencedFile } from './file-index';
import { withAnalysis } from './file-analysis';
import type { ModuleExportsCache } from './module-exports';
import { declarationTarget, moduleResolver } from './name-references';
import { qualifiedNameOf, symbolAtNode, symbolOfTarget, type SymbolReference, type WorkspaceSymbol } from './qualified-names';

/** The most notes one answer gives (each file's own list is bounded by the core too). */
const MAX_NOTES = 50;

export interface FieldReferences {
  /** Each place, with its node id when its file is open. */
  references: (SymbolReference & { nodeId?: string })[];
  /** The places that may be uses but cannot be told apart, with why. */
  notes: string[];
}


/**
 * The field the name at `offset` of `buffer` is or uses, when its type is declared at the top level
 * of a file of the workspace: this buffer's (symbolAtNode), or a module's it imports the type from.
 */
export function fieldSymbolAt(index: FileIndex, buffer: OpenBuffer, offset: number): WorkspaceSymbol | undefined {
  const model = buffer.analysis();
  const occurrence = occurrenceAt(buffer.document, model, offset);
  const node = occurrence ? buffer.document.nodeById(occurrence.nodeId) : undefined;
  const own = occurrence?.symbol?.kind === 'field' && node ? symbolAtNode(index, buffer, node) : undefined;
  if (own) return own.kind === 'field' ? own : undefined;
  const imported = importedFieldAt(buffer.document, model, offset);
  const path = imported ? index.pathOfModule(imported.module) : undefined;
  const target = imported && path !== undefined ? declarationTarget(index, path, imported.type) : undefined;
  const type = target ? symbolOfTarget(index, target) : undefined;
  const field = type?.declaration.fields?.find((candidate) => candidate.name === imported?.field);
  if (!type || !field) return undefined;
  return { ...type, qualifiedName: qualifiedNameOf(type.file.module, type.declaration.name, field.name), kind: 'field', field };
}

/** The uses of the field `symbol` in every file, or undefined when the file declaring it cannot be read or no longer declares it. */
export function fieldReferencesOf(index: FileIndex, modules: ModuleExportsCache, symbol: WorkspaceSymbol): FieldReferences | undefined {
  const field = symbol.field;
  const declaringFile = index.referencedFile(symbol.file.path);
  if (!field || !declaringFile) return undefined;
  const resolves = moduleResolver(index);
  const importsFrom = (module: string): boolean => resolves(module) === declaringFile.path;
  return withAnalysis(modules, declaringFile, (declaring) => {
    const type = declaring.document.ast.children.find((child) => child.type === 'TypeDeclaration' && child.name === symbol.declaration.name);
    const node = type?.type === 'TypeDeclaration' ? type.fields.find((candidate) => candidate.name === field.name) : undefined;
    const nameSpan = node ? declaring.document.nameSpanOfNode(node) : undefined;
    const fieldSymbol = nameSpan ? occurrenceAt(declaring.document, declaring.model, nameSpan.startOffset)?.symbol : undefined;
    if (fieldSymbol?.kind !== 'field' || !fieldSymbol.ownerType) return undefined;
    const found: FieldReferences = { references: [], notes: [] };
    const add = (file: ReferencedFile, places: readonly { span: { start: { line: number; column: number } }; nodeId: string }[]): void => {
      for (const place of places) {
        found.references.push({ uri: file.uri, ...(file.buffer ? { buffer: file.buffer, nodeId: place.nodeId } : {}), line: place.span.start.line, column: place.span.start.column });
      }
    };
    const note = (file: ReferencedFile, text: string): void => {
      if (found.notes.length < MAX_NOTES) found.notes.push(`${file.uri}: ${text}`);
    };
    const report = (file: ReferencedFile, tokens: ReturnType<typeof fieldTokens>): void => {
      if (!tokens.ok) return note(file, `could not tell every use apart: ${tokens.reason}`);
      add(file, tokens.tokens.map(tokenPlace));
      for (const place of tokens.leftAlone) note(file, `${place} reads the name from a value whose type is not known there: not listed`);
    };
    add(declaringFile, occurrencesOf(declaring.document, declaring.model, fieldSymbol).filter((occurrence) => !occurrence.declaration));
    report(declaringFile, fieldTokens(declaring.document, declaring.model, fieldSymbol));
    for (const file of index.referencedFiles()) {
      if (file.path === declaringFile.path || !file.references.references.some((group) => group.module !== '' && importsFrom(group.module))) continue;
      const tokens = withAnalysis(modules, file, (importer) => importedFieldTokens(declaring, importer, importsFrom, fieldSymbol.ownerType!, field.name));
      if (tokens) report(file, tokens);
      else note(file, 'the file could not be read: not searched');
    }
    found.references.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) || a.line - b.line || a.column - b.column);
    return found;
  });
}

function tokenPlace(token: FieldToken): { span: FieldToken['span']; nodeId: string } {
  return { span: token.span, nodeId: token.nodeId };
}

