// The projection pipeline: parse (any supported language into the Whetstone AST), validate
// (checker and library policy), optimise (folding, dead code), generate (any supported language),
// each stage timed. Also the single steps the agent methods and the CLI use.
import { performance } from 'node:perf_hooks';
import type { Program } from '../core/ast';
import type { LibraryContext } from '../core/semantics';
import type { Suggestion } from '../core/suggest';
import type { ProjectionDiagnostic } from './diagnostics';
import { ProjectionError } from './errors';
import { generate, type GenerateOptions } from './generate';
import { importSource, prepareImport, type ImportResult } from './import';
import { LANGUAGES, languageNamed, type Language } from './languages';
import { optimise } from './optimise';
import { sourceProblem } from './source-limits';
import { validate, type Violation } from './validate';

/** The language a name means, or ProjectionError (invalid input) naming the supported ones. */
export function requireLanguage(name: string, role: string): Language {
  const language = languageNamed(name);
  if (language) return language;
  throw new ProjectionError('invalidInput', `Unknown ${role} '${name}': supported languages are ${LANGUAGES.join(', ')}`, `Pass one of ${LANGUAGES.join(', ')}.`);
}

function requireReadable(source: string): void {
  const problem = sourceProblem(source);
  if (problem) throw new ProjectionError('invalidInput', `Cannot read the source: ${problem}`, 'Pass source text (UTF-8 decoded) within the size limit.');
}

/** Parses `source` as `language` into the Whetstone AST (ids parsed_<n>), never throwing on bad syntax. */
export async function parseSourceText(source: string, languageName: string): Promise<ImportResult & { language: Language }> {
  const language = requireLanguage(languageName, 'language');
  requireReadable(source);
  await prepareImport(language);
  return { ...importSource(source, language), language };
}

export interface PipelineRequest {
  source: string;
  sourceLanguage: string;
  targetLanguage: string;
  library?: LibraryContext;
  generateOptions?: GenerateOptions;
}

export interface StageTimings {
  parseMs: number;
  validateMs: number;
  optimizeMs: number;
  generateMs: number;
  totalMs: number;
}

export interface PipelineResult {
  /** No syntax error, no checker error, no policy violation: the generated code can be trusted as far as checking goes. */
  success: boolean;
  generatedCode: string;
  /** The optimised AST the code was generated from (surviving nodes keep their parse ids). */
  ast: Program;
  parseDiagnostics: ProjectionDiagnostic[];
  validationDiagnostics: ProjectionDiagnostic[];
  violations: Violation[];
  suggestions: Suggestion[];
  foldCount: number;
  dceCount: number;
  /** W_DIVISION_BY_ZERO from the optimiser. */
  optimizationDiagnostics: ProjectionDiagnostic[];
  /** W_UNFAITHFUL from the generator: what the target could not carry. */
  generationDiagnostics: ProjectionDiagnostic[];
  sourceLanguage: Language;
  targetLanguage: Language;
  timings: StageTimings;
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

export async function runPipeline(request: PipelineRequest): Promise<PipelineResult> {
  const sourceLanguage = requireLanguage(request.sourceLanguage, 'sourceLanguage');
  const targetLanguage = requireLanguage(request.targetLanguage, 'targetLanguage');
  requireReadable(request.source);
  await prepareImport(sourceLanguage);
  const start = performance.now();
  const parsed = importSource(request.source, sourceLanguage);
  const parsedAt = performance.now();
  const validation = validate(parsed.ast, request.library);
  const validatedAt = performance.now();
  const optimised = optimise(parsed.ast);
  const optimisedAt = performance.now();
  const generated = generate(optimised.program, targetLanguage, {
    ...request.generateOptions,
    // Whetstone to Whetstone keeps the comments only when nothing moved (no optimisation).
    comments: optimised.foldCount + optimised.dceCount === 0 ? parsed.comments : [],
    source: request.source,
  });
  const generatedAt = performance.now();
  const hasError = (list: readonly { severity: string }[]): boolean => list.some((d) => d.severity === 'error');
  return {
    success: !hasError(parsed.diagnostics) && !hasError(validation.diagnostics) && validation.violations.length === 0,
    generatedCode: generated.code,
    ast: optimised.program,
    parseDiagnostics: parsed.diagnostics,
    validationDiagnostics: validation.diagnostics,
    violations: validation.violations,
    suggestions: validation.suggestions,
    foldCount: optimised.foldCount,
    dceCount: optimised.dceCount,
    optimizationDiagnostics: optimised.diagnostics,
    generationDiagnostics: generated.diagnostics,
    sourceLanguage,
    targetLanguage,
    timings: {
      parseMs: round(parsedAt - start),
      validateMs: round(validatedAt - parsedAt),
      optimizeMs: round(optimisedAt - validatedAt),
      generateMs: round(generatedAt - optimisedAt),
      totalMs: round(generatedAt - start),
    },
  };
}
