// `whetstone/ast {uri}`: the buffer's AST exactly as the core holds it (the shape agents see), with
// the revision it belongs to. The client's "Show AST" command uses it.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { AstRequest, type AstParams, type AstResult } from '../protocol/messages';
import type { Workspace } from '../workspace/workspace';

export function astOf(workspace: Workspace, params: AstParams | undefined): AstResult | ResponseError<void> {
  const uri = typeof params?.uri === 'string' ? params.uri : undefined;
  if (!uri) return new ResponseError(ErrorCodes.InvalidParams, `${AstRequest.method} needs params {uri: string}`);
  const buffer = workspace.get(uri);
  if (!buffer) return new ResponseError(ErrorCodes.InvalidParams, `No open Whetstone buffer has the URI ${uri}`);
  return { uri, revision: buffer.revision, ast: buffer.document.ast };
}
