// Tells the language server which Whetstone buffer is active: the agent API's "active structured
// buffer" is the `.wst` document of the editor the person last used, and only the client knows
// which that is. Editors of other documents (a plan's proposed side, a review, a preview, the
// Output view, a settings page) do not change it: an agent asked for "the active buffer" while the
// person reads a plan's diff answers for the file the plan is about. It becomes none only when
// that document is closed.
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { ActiveEditorNotification } from '../../server/src/protocol/messages';

/** The schemes of the documents the language client syncs (language-client.ts documentSelector). */
const BUFFER_SCHEMES = new Set(['file', 'untitled']);

/** A document the server holds as a Whetstone buffer. */
export function isWhetstoneBuffer(document: vscode.TextDocument): boolean {
  return document.languageId === 'whetstone' && BUFFER_SCHEMES.has(document.uri.scheme);
}

export function trackActiveEditor(client: LanguageClient): vscode.Disposable {
  const initial = vscode.window.activeTextEditor?.document;
  // The buffer the person last used, and the last value the running server was told (undefined
  // once a (re)started server knows nothing).
  let last: string | null = initial && isWhetstoneBuffer(initial) ? initial.uri.toString() : null;
  let sent: string | null | undefined;
  const update = (): void => {
    if (!client.isRunning() || last === sent) return;
    sent = last;
    client.sendNotification(ActiveEditorNotification, { uri: last }).catch((error: unknown) => {
      client.error(`Could not send ${ActiveEditorNotification.method}`, error);
    });
  };
  const use = (document: vscode.TextDocument | undefined): void => {
    if (!document || !isWhetstoneBuffer(document)) return;
    last = document.uri.toString();
    update();
  };
  return vscode.Disposable.from(
    // A server that has just started, or restarted, learns the current buffer first.
    client.onDidChangeState((event) => {
      sent = undefined;
      if (event.newState === State.Running) update();
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => use(editor?.document)),
    // Changing a document's language mode closes and reopens it without changing the editor.
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (document === vscode.window.activeTextEditor?.document) use(document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.toString() !== last) return;
      last = null;
      update();
    }),
  );
}
