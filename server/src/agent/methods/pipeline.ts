// The pipeline and generation methods of the reference (parseSource, runPipeline,
// generateFromAST, projectLanguage, generateCode). parseSource reads Whetstone source with the
// same core as the buffers. Projection to other languages and generation from a specification
// are not built yet: those methods answer -32020 saying so, so that a client written from the
// reference gets a clear error instead of "method not found".
import type { Node } from '../../core/ast';
import { walk } from '../../core/ast';
import { WhetstoneDocument } from '../../core/document';
import { analyze } from '../../core/semantics/model';
import { AgentError, ErrorCode } from '../errors';
import { defineMethod, type MethodDefinition } from '../method';
import { URI } from '../param-bounds';

const LANGUAGE = { type: 'string', minLength: 1, maxLength: 64 };
const SOURCE = { type: 'string', maxLength: 8 * 1024 * 1024 };

/** The languages parseSource reads. */
export const PARSE_LANGUAGES = ['whetstone'] as const;

function notBuilt(what: string): never {
  throw new AgentError(ErrorCode.CodeGenerationFailed, `${what} is not available in this version of the endpoint`, {
    hint: 'parseSource reads Whetstone; read and change the buffer with getAST and applyMutation/applyBatch',
  });
}

/** Parsed source is not a buffer: its ids say so (parsed_<n>, as the reference shows them). */
function renumber(root: Node): void {
  walk(root, (node) => {
    node.id = node.id.replace(/^node_/, 'parsed_');
  });
}

const parseSource = defineMethod<{ source: string; language: string }>({
  name: 'parseSource',
  role: 'any',
  description: 'Parses source text (language "whetstone") into an AST with its diagnostics, without touching any buffer; ids are parsed_<n>.',
  params: {
    type: 'object',
    properties: { source: SOURCE, language: LANGUAGE },
    required: ['source', 'language'],
    additionalProperties: false,
  },
  recorded: true,
  handler: ({ source, language }) => {
    if (language.toLowerCase() !== 'whetstone') {
      throw new AgentError(ErrorCode.CodeGenerationFailed, `parseSource reads ${PARSE_LANGUAGES.join(', ')}, not '${language}'`, {
        hint: "pass language: 'whetstone'",
      });
    }
    const doc = WhetstoneDocument.create(source);
    try {
      const diagnostics = [...doc.syntaxDiagnostics, ...analyze(doc).diagnostics].map((d) => ({
        ...d,
        nodeId: d.nodeId.replace(/^node_/, 'parsed_'),
      }));
      const ast = structuredClone(doc.ast);
      renumber(ast);
      return { ast, diagnostics };
    } finally {
      doc.dispose();
    }
  },
});

const generateCode = defineMethod<{ spec: string; preferImports?: boolean }>({
  name: 'generateCode',
  role: 'refactor',
  description: 'Generates code from a natural-language specification. Not available in this version: answers -32020.',
  params: {
    type: 'object',
    properties: { spec: { type: 'string', maxLength: 65536 }, preferImports: { type: 'boolean' } },
    required: ['spec'],
    additionalProperties: false,
  },
  recorded: false,
  handler: () => notBuilt('Generating code from a specification'),
});

const runPipeline = defineMethod<{ source: string; sourceLanguage: string; targetLanguage: string }>({
  name: 'runPipeline',
  role: 'any',
  description: 'Parse, validate, optimize and generate. Not available in this version: answers -32020.',
  params: {
    type: 'object',
    properties: { source: SOURCE, sourceLanguage: LANGUAGE, targetLanguage: LANGUAGE },
    required: ['source', 'sourceLanguage', 'targetLanguage'],
    additionalProperties: false,
  },
  recorded: false,
  handler: () => notBuilt('The compilation pipeline'),
});

const generateFromAST = defineMethod<{ language?: string; uri?: string }>({
  name: 'generateFromAST',
  role: 'any',
  description: 'Generates code in another language from the buffer. Not available in this version: answers -32020.',
  params: { type: 'object', properties: { language: LANGUAGE, uri: URI }, additionalProperties: false },
  recorded: false,
  handler: ({ language }) => notBuilt(`Generating ${language ?? 'code'} from the AST`),
});

const projectLanguage = defineMethod<{ targetLanguage: string; uri?: string }>({
  name: 'projectLanguage',
  role: 'any',
  description: 'Projects the buffer to another language. Not available in this version: answers -32020.',
  params: {
    type: 'object',
    properties: { targetLanguage: LANGUAGE, uri: URI },
    required: ['targetLanguage'],
    additionalProperties: false,
  },
  recorded: false,
  handler: ({ targetLanguage }) => notBuilt(`Projection to ${targetLanguage}`),
});

export const PIPELINE_METHODS: readonly MethodDefinition[] = [parseSource, runPipeline, generateFromAST, projectLanguage, generateCode];
