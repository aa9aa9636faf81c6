// "Whetstone: Open Example": the walkthrough's first step. The example ships inside the extension
// (examples/first-steps.wst), so it opens for someone who installed the extension and has no
// Whetstone files of their own. It opens as an untitled document: nothing is written into their
// workspace, and they can save it wherever they like.
import * as vscode from 'vscode';

export const OPEN_EXAMPLE_COMMAND = 'whetstone.openExample';

async function openExample(context: vscode.ExtensionContext): Promise<vscode.TextEditor> {
  const file = vscode.Uri.joinPath(context.extensionUri, 'examples', 'first-steps.wst');
  const content = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  const document = await vscode.workspace.openTextDocument({ language: 'whetstone', content });
  return vscode.window.showTextDocument(document, { preview: false });
}

export function registerOpenExample(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_EXAMPLE_COMMAND, () => openExample(context));
}
