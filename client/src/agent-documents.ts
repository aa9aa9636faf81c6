// Opens a file of the workspace for agents when the language server asks (an agent named a file
// nobody has open): as a document only, with no editor, no tab and no focus. VS Code then sends it
// to the server like any open document, an agent's change to it is one step of its undo stack, and
// an editor the person opens on it later shows that change and can undo it. Only .wst files on
// disk inside a workspace folder are opened, whatever the server asks.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { OpenDocumentRequest, type OpenDocumentParams, type OpenDocumentResult } from '../../server/src/protocol/messages';

export function registerAgentDocuments(client: LanguageClient): vscode.Disposable {
  return client.onRequest(OpenDocumentRequest, (params) => openForAgents(params));
}

async function openForAgents(params: OpenDocumentParams): Promise<OpenDocumentResult> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(params.uri, true);
  } catch {
    return { opened: false, reason: 'not a valid URI' };
  }
  if (uri.scheme !== 'file' || !uri.path.endsWith('.wst') || vscode.workspace.getWorkspaceFolder(uri) === undefined) {
    return { opened: false, reason: 'not a .wst file of a workspace folder' };
  }
  try {
    await vscode.workspace.openTextDocument(uri);
    return { opened: true };
  } catch (error) {
    return { opened: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
