// The pipeline and generation methods of the reference (parseSource, runPipeline,
// generateFromAST, projectLanguage, generateCode) over the projection room: JavaScript,
// TypeScript, Python and Whetstone in and out. The handlers pick the buffer and translate errors.
// parseSource and runPipeline, which read source of any size up to the cap, run in the source
// worker (source-pool.ts) so that other requests are answered meanwhile.
import { LANGUAGES, ProjectionError, generate, generateCode as generateFromSpecification, requireLanguage } from '../../projection';
import { resolveBuffer } from '../buffers';
import { AgentError, ErrorCode } from '../errors';
import { BUFFER_RESULT, defineMethod, type MethodDefinition } from '../method';
import { MAX_SOURCE_TEXT_LENGTH, URI } from '../param-bounds';
import { runInSourceWorker } from '../sources/source-pool';

const LANGUAGE = { type: 'string', minLength: 1, maxLength: 64 } as const;
const SOURCE = { type: 'string', maxLength: MAX_SOURCE_TEXT_LENGTH } as const;
const PYTHON_NAMES = { type: 'string', enum: ['keep', 'snake_case'] } as const;

/** The languages parseSource reads and the generators write. */
export const PARSE_LANGUAGES = LANGUAGES;

/** Runs a projection step; its refusals become -32602 (bad input) or `failure` (-32020). */
async function projecting<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof ProjectionError)) throw error;
    const code = error.kind === 'invalidInput' ? ErrorCode.InvalidParams : ErrorCode.CodeGenerationFailed;
    // Bad input is a params error, said the way the dispatcher says every other one.
    const message = code === ErrorCode.InvalidParams ? `Invalid params: ${error.message}` : error.message;
    throw new AgentError(code, message, error.hint ? { hint: error.hint, languages: [...LANGUAGES] } : { languages: [...LANGUAGES] });
  }
}

const parseSource = defineMethod({
  name: 'parseSource',
  role: 'any',
  description: `Source (${LANGUAGES.join(', ')}) to a Whetstone AST (partial on syntax errors; W_UNSUPPORTED: left out); no buffer touched.`,
  params: {
    type: 'object',
    properties: { source: SOURCE, language: LANGUAGE },
    required: ['source', 'language'],
    additionalProperties: false,
  },
  recorded: true,
  readOnly: true,
  returns: { ast: 'object', diagnostics: 'array', language: 'string' },
  handler: ({ source, language }) =>
    projecting(() => {
      // An unknown language is refused here, without waiting for the worker.
      requireLanguage(language, 'language');
      return runInSourceWorker({ kind: 'parseSource', source, language });
    }),
});

const generateCode = defineMethod({
  name: 'generateCode',
  role: 'refactor',
  description:
    'One Whetstone function from a natural-language spec (the editor\'s model if offered, checked; else built-in forms, -32020 lists them). Insert result.node with applyMutation.',
  params: {
    type: 'object',
    properties: { spec: { type: 'string', minLength: 1, maxLength: 65536 }, preferImports: { type: 'boolean' } },
    required: ['spec'],
    additionalProperties: false,
  },
  recorded: false,
  returns: { node: 'object', note: 'string', usedSymbols: 'array', language: 'string', code: 'string', generator: 'string' },
  handler: ({ spec, preferImports }, { host }) =>
    projecting(async () => {
      const generated = await generateFromSpecification(spec, { preferImports, model: host.codeModel?.() });
      return { node: generated.node, note: generated.note, usedSymbols: generated.usedSymbols, language: 'whetstone', code: generated.code, generator: generated.generator };
    }),
});

const runPipeline = defineMethod({
  name: 'runPipeline',
  role: 'any',
  description:
    'Parse, validate, optimise (folding, dead code) and generate between any two of whetstone, javascript, typescript, python.',
  params: {
    type: 'object',
    properties: { source: SOURCE, sourceLanguage: LANGUAGE, targetLanguage: LANGUAGE, pythonNames: PYTHON_NAMES },
    required: ['source', 'sourceLanguage', 'targetLanguage'],
    additionalProperties: false,
  },
  recorded: false,
  readOnly: true,
  returns: {
    success: 'boolean',
    generatedCode: 'string',
    ast: 'object',
    parseDiagnostics: 'array',
    validationDiagnostics: 'array',
    violations: 'array',
    suggestions: 'array',
    foldCount: 'integer',
    dceCount: 'integer',
    optimizationDiagnostics: 'array',
    generationDiagnostics: 'array',
    sourceLanguage: 'string',
    targetLanguage: 'string',
    timings: 'object',
  },
  handler: (params, { host }) =>
    projecting(() => {
      requireLanguage(params.sourceLanguage, 'sourceLanguage');
      requireLanguage(params.targetLanguage, 'targetLanguage');
      const request = { source: params.source, sourceLanguage: params.sourceLanguage, targetLanguage: params.targetLanguage, library: host.library(), generateOptions: { pythonNames: params.pythonNames } };
      return runInSourceWorker({ kind: 'runPipeline', request });
    }),
});

const generateFromAST = defineMethod({
  name: 'generateFromAST',
  role: 'any',
  description: `The buffer as code in language (${LANGUAGES.join(', ')}); W_UNFAITHFUL: not carried.`,
  params: { type: 'object', properties: { language: LANGUAGE, uri: URI, pythonNames: PYTHON_NAMES }, additionalProperties: false },
  recorded: false,
  readOnly: true,
  returns: { code: 'string', language: 'string', diagnostics: 'array', ...BUFFER_RESULT },
  handler: (params, { host }) =>
    projecting(() => {
      const language = requireLanguage(params.language ?? 'whetstone', 'language');
      const buffer = resolveBuffer(host, params.uri);
      const generated = generate(buffer.document.ast, language, { pythonNames: params.pythonNames, comments: buffer.document.comments, source: buffer.text });
      return { code: generated.code, language, diagnostics: generated.diagnostics, uri: buffer.uri, revision: buffer.revision };
    }),
});

const projectLanguage = defineMethod({
  name: 'projectLanguage',
  role: 'any',
  description: `The buffer projected into targetLanguage.`,
  notTool: 'generateFromAST gives the same code, getAST the AST: one tool less in every agent\'s context',
  params: {
    type: 'object',
    properties: { targetLanguage: LANGUAGE, uri: URI, pythonNames: PYTHON_NAMES },
    required: ['targetLanguage'],
    additionalProperties: false,
  },
  recorded: false,
  readOnly: true,
  returns: { ast: 'object', generatedCode: 'string', sourceLanguage: 'string', targetLanguage: 'string', diagnostics: 'array', ...BUFFER_RESULT },
  handler: (params, { host }) =>
    projecting(() => {
      const targetLanguage = requireLanguage(params.targetLanguage, 'targetLanguage');
      const buffer = resolveBuffer(host, params.uri);
      const generated = generate(buffer.document.ast, targetLanguage, { pythonNames: params.pythonNames, comments: buffer.document.comments, source: buffer.text });
      return {
        ast: buffer.document.ast,
        generatedCode: generated.code,
        sourceLanguage: 'whetstone',
        targetLanguage,
        diagnostics: generated.diagnostics,
        uri: buffer.uri,
        revision: buffer.revision,
      };
    }),
});

export const PIPELINE_METHODS: readonly MethodDefinition[] = [parseSource, runPipeline, generateFromAST, projectLanguage, generateCode];
