// The commands of the Whetstone category in the command palette.
import * as vscode from 'vscode';
import { ErrorCodes, LanguageClient, ResponseError } from 'vscode-languageclient/node';
import { AstRequest } from '../../server/src/protocol/messages';
import { labelText } from '../../server/src/protocol/display-text';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function restartServer(client: LanguageClient): Promise<void> {
  try {
    await client.restart();
  } catch (error) {
    void vscode.window.showErrorMessage(`Whetstone: could not restart the language server: ${labelText(message(error))}`);
  }
}

/** Opens the server's AST of the active Whetstone buffer as JSON beside it; returns that document. */
async function showAst(client: LanguageClient): Promise<vscode.TextDocument | undefined> {
  const document = vscode.window.activeTextEditor?.document;
  if (document?.languageId !== 'whetstone') {
    void vscode.window.showWarningMessage('Whetstone: open a Whetstone (.wst) file to see its AST.');
    return undefined;
  }
  let ast: unknown;
  try {
    ast = await client.sendRequest(AstRequest, { uri: document.uri.toString() });
  } catch (error) {
    const text =
      error instanceof ResponseError && error.code === ErrorCodes.MethodNotFound
        ? `the language server does not answer ${AstRequest.method}`
        : `the language server could not give the AST: ${message(error)}`;
    void vscode.window.showErrorMessage(`Whetstone: ${labelText(text)}`);
    return undefined;
  }
  const json = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(ast, null, 2) });
  await vscode.window.showTextDocument(json, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  return json;
}

export function registerCommands(client: LanguageClient): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('whetstone.restartServer', () => restartServer(client)),
    vscode.commands.registerCommand('whetstone.showAst', () => showAst(client)),
  );
}
