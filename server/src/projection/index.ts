// Projection: Whetstone as a hub between languages. Importers read JavaScript, TypeScript and
// Python into the Whetstone AST, generators write it back out, and the pipeline validates and
// optimises in between. Depends on the core only.
export { LANGUAGES, languageNamed, languageOfFile, FILE_EXTENSIONS, type Language } from './languages';
export { ProjectionError } from './errors';
export type { ProjectionDiagnostic } from './diagnostics';
export { parseSourceText, requireLanguage, runPipeline, type PipelineRequest, type PipelineResult } from './pipeline';
export { generate, type GenerateOptions, type GenerateResult } from './generate';
export { optimise } from './optimise';
export { validate } from './validate';
export { importedCheckErrors } from './imported-check';
export { loadGrammars } from './grammars';
export { generateCode, type CodeModel, type GeneratedCode } from './code-model';
export { SPEC_FORMS } from './spec-generator';
export { MAX_SOURCE_LENGTH } from './source-limits';
