// Changing a buffer through its AST: the mutation engine and the minimal text edits it plans, the
// printer (canonical text, comments kept), the checks a change goes through before it is applied
// (syntax preflight, what it destroys, what it means for the library policy) and rename.
export { applyMutations, MutationError, type MutationInput, type MutationResult } from './mutate';
export { minimalEdits } from './mutation-edits';
export { printDocument, printNode, printType, type PrintOptions } from './printer';
export { addedSyntaxErrors, previewDocument } from './preflight';
export { destructiveTargets, type DestructiveTarget, type TreeAfter, type TreeBefore } from './mutation-impact';
export {
  reviewChange,
  importMutations,
  describeUnknownFunctions,
  introducedUses,
  type MissingImport,
  type PolicyReview,
  type BlockedUse,
  type CallFact,
} from './library-policy';
export { planImportedFieldRename, planRename, renameTarget, type RenamePlan, type RenameTarget } from './rename';
export { fieldTokens, importedFieldTokens, type FieldToken } from './rename-fields';
export { renameMutations, importRenameMutations, importedFieldRenameMutations, nameOffsetOf, moduleNamesPath, type RenameMutations } from './rename-mutations';
export { planImportedNameRename, type ImportedNameRename } from './rename-imported';
export { importEdits } from './import-edits';
export { withSyntaxFixes } from './syntax-fixes';
export { documentDiagnostics } from './document-diagnostics';
