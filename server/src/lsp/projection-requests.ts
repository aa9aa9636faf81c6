// The handlers of the custom requests behind the person's projection commands (declared in
// protocol/messages.ts): `whetstone/project` gives an open buffer in another language,
// `whetstone/importSource` reads another language as Whetstone. Projection answers; these check
// the params and translate its refusals into LSP errors.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { generate, parseSourceText, ProjectionError, requireLanguage } from '../projection';
import { ImportSourceRequest, ProjectRequest, type ImportSourceParams, type ImportSourceResult, type ProjectParams, type ProjectResult } from '../protocol/messages';
import type { Workspace } from '../workspace/workspace';

/** Projection's refusals (unknown language, unreadable source) are the caller's bad params. */
function invalid(error: unknown): ResponseError<void> {
  if (error instanceof ProjectionError) return new ResponseError(ErrorCodes.InvalidParams, error.message);
  throw error;
}

export function projectBuffer(workspace: Workspace, params: ProjectParams | undefined): ProjectResult | ResponseError<void> {
  if (typeof params?.uri !== 'string' || typeof params.language !== 'string') {
    return new ResponseError(ErrorCodes.InvalidParams, `${ProjectRequest.method} needs params {uri: string, language: string}`);
  }
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
  if (typeof params?.text !== 'string' || typeof params.language !== 'string') {
    return new ResponseError(ErrorCodes.InvalidParams, `${ImportSourceRequest.method} needs params {text: string, language: string}`);
  }
  try {
    const parsed = await parseSourceText(params.text, params.language);
    return { code: generate(parsed.ast, 'whetstone').code, diagnostics: parsed.diagnostics };
  } catch (error) {
    return invalid(error);
  }
}
