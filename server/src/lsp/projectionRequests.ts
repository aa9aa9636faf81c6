// The custom requests behind the person's projection commands:
// - `whetstone/project {uri, language}`: the buffer in another language (the read-only preview
//   beside the editor asks again whenever the buffer changes);
// - `whetstone/importSource {text, language}`: source of another language as Whetstone, with what
//   has no Whetstone form (W_UNSUPPORTED), for "Import from JavaScript / TypeScript / Python";
// - `whetstone/languageModel {prompt}` (server → client): the editor's chat model, for generateCode.
import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver/node';
import { generate, parseSourceText, ProjectionError, requireLanguage, type ProjectionDiagnostic } from '../projection';
import type { Workspace } from '../workspace/workspace';

export interface ProjectParams {
  uri: string;
  language: string;
}

export interface ProjectResult {
  uri: string;
  revision: number;
  language: string;
  code: string;
  diagnostics: ProjectionDiagnostic[];
}

export const ProjectRequest = new RequestType<ProjectParams, ProjectResult, void>('whetstone/project');

export interface ImportSourceParams {
  text: string;
  language: string;
}

export interface ImportSourceResult {
  code: string;
  diagnostics: ProjectionDiagnostic[];
}

export const ImportSourceRequest = new RequestType<ImportSourceParams, ImportSourceResult, void>('whetstone/importSource');

export interface LanguageModelParams {
  prompt: string;
}

/** `text` is the model's answer; `unavailable` says why there is none (no model, setting off, no consent). */
export interface LanguageModelResult {
  text?: string;
  unavailable?: string;
  model?: string;
}

export const LanguageModelRequest = new RequestType<LanguageModelParams, LanguageModelResult, void>('whetstone/languageModel');

function invalid(error: unknown): ResponseError<void> {
  if (error instanceof ProjectionError) return new ResponseError(ErrorCodes.InvalidParams, error.message);
  throw error;
}

export function projectBuffer(workspace: Workspace, params: ProjectParams | undefined): ProjectResult | ResponseError<void> {
  if (typeof params?.uri !== 'string' || typeof params.language !== 'string') return new ResponseError(ErrorCodes.InvalidParams, 'whetstone/project needs params {uri: string, language: string}');
  const buffer = workspace.get(params.uri);
  if (!buffer) return new ResponseError(ErrorCodes.InvalidParams, `No open Whetstone buffer has the URI ${params.uri}`);
  try {
    const language = requireLanguage(params.language, 'language');
    const generated = generate(buffer.document.ast, language, { comments: buffer.document.comments, source: buffer.text });
    return { uri: buffer.uri, revision: buffer.revision, language, code: generated.code, diagnostics: generated.diagnostics };
  } catch (error) {
    return invalid(error);
  }
}

export async function importText(params: ImportSourceParams | undefined): Promise<ImportSourceResult | ResponseError<void>> {
  if (typeof params?.text !== 'string' || typeof params.language !== 'string') return new ResponseError(ErrorCodes.InvalidParams, 'whetstone/importSource needs params {text: string, language: string}');
  try {
    const parsed = await parseSourceText(params.text, params.language);
    return { code: generate(parsed.ast, 'whetstone').code, diagnostics: parsed.diagnostics };
  } catch (error) {
    return invalid(error);
  }
}
