// Questions asked of a buffer: the names written in it and what each denotes (hover, definition,
// references, rename, highlighting), what can be written at a cursor, the call whose arguments are
// being written and its signature, and nodes cut to a depth or found by type, name or text (for
// agents).
export { nameOccurrences, occurrenceAt, occurrencesOf, type NameOccurrence, type OccurrenceKind } from './name-occurrences';
export { documentHighlightsAt, type DocumentHighlight } from './document-highlights';
export { documentationComment } from './doc-comments';
export { signatureHelpAt, type Signature, type SignatureHelp, type SignatureParameter } from './signature-help';
export { completionsAt, scopeAtOffset, MAX_AUTO_IMPORTS, MAX_MODULE_PATHS, type CompletionCandidate, type CompletionKind, type Completions } from './completion';
export { findNodes, nodeToDepth, type FindCriteria, type Candidate, type TruncatedNode } from './node-query';
export { importedFieldAt, isExportedSymbol, moduleNameAt, moduleNameReferences, writtenNames, type ModuleName, type ModuleNameReferences, type ModuleNameToken, usePathAt } from './module-references';
export { importedNames, topLevelNames, missingNameOf, type MissingName } from './imports';
export type { ModuleCatalog, CatalogDeclaration, FoundInModule } from './module-catalog';
export { nodeLabel, nodeWords, typeWords } from './node-words';
