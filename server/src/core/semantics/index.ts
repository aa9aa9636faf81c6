// The semantic layer's public surface: analyze() and what its model hands out.
export { analyze, SemanticModel, type AnalyzableDocument, type AnalyzeOptions, type CallHierarchy, type FieldInfo } from './model';
export type { NameSpans } from './resolve';
export type { SemanticSymbol, SymbolKind, Reference, ReferenceKind, Scope, ScopeKind } from './symbols';
export * from './types';
export { BUILTINS, type BuiltinFunction } from './builtins';
export { isArrayIndexKey } from './array-index-keys';
export { closestName } from './suggest';
export { retypeParameter } from './fixes';
export { ANNOTATION_TYPES, annotationTypeInfo, allowedStrategies, type AnnotationTypeInfo, type AnnotationStrategyInfo } from './annotations';
export {
  LibraryIndex,
  libraryIndexOf,
  readLibraryContext,
  parseLibrarySignature,
  type LibraryContext,
  type LibraryModule,
  type LibraryFunction,
  type LibraryPolicy,
  type LibraryFunctionEntry,
} from './library';
export { ImportGraph } from './import-graph';
export { editsKeepExports, moduleExportsOf } from './module-exports';
export {
  moduleFilePath,
  modulePathOf,
  NO_EXPORTS,
  type ExportKind,
  type ExportedName,
  type ModuleExports,
  type ModuleResolution,
  type ModuleResolver,
  type ResolvedImports,
} from './modules';
export { ModuleSet, type FoundModule, type ModuleSource, type ModuleSetOptions } from './module-set';
