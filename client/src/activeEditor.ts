// Tells the language server which Whetstone buffer is active: the agent API's "active structured
// buffer" is the `.wst` document in the active editor, and only the client knows which that is.
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { ActiveEditorNotification } from '../../server/src/protocol/messages';

function activeWhetstoneUri(): string | null {
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === 'whetstone' ? document.uri.toString() : null;
}

export function trackActiveEditor(client: LanguageClient): vscode.Disposable {
  // The last value the running server was told; undefined once a (re)started server knows nothing.
  let sent: string | null | undefined;
  const update = (): void => {
    if (!client.isRunning()) return;
    const uri = activeWhetstoneUri();
    if (uri === sent) return;
    sent = uri;
    client.sendNotification(ActiveEditorNotification, { uri }).catch((error: unknown) => {
      client.error(`Could not send ${ActiveEditorNotification.method}`, error);
    });
  };
  // Switching from one editor to another often passes through "no active editor" for a moment;
  // telling the server so would leave agents without an active buffer in between. A change to no
  // editor is therefore only sent once it has lasted a little while.
  let pendingNone: ReturnType<typeof setTimeout> | undefined;
  const onActiveEditor = (editor: vscode.TextEditor | undefined): void => {
    clearTimeout(pendingNone);
    pendingNone = undefined;
    if (editor) update();
    else pendingNone = setTimeout(update, 200);
  };
  return vscode.Disposable.from(
    // A server that has just started, or restarted, learns the current editor first.
    client.onDidChangeState((event) => {
      sent = undefined;
      if (event.newState === State.Running) update();
    }),
    vscode.window.onDidChangeActiveTextEditor(onActiveEditor),
    { dispose: () => clearTimeout(pendingNone) },
    // Changing a document's language mode closes and reopens it without changing the editor.
    vscode.workspace.onDidOpenTextDocument(update),
  );
}
