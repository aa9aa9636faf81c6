// Workspace trust, as the language server needs to know it: the agent endpoint lets outside
// programs change files, so it runs only in a trusted workspace. The server learns the state at
// start (initializationOptions, see language-client.ts) and, from here, when the person grants
// trust later (trust is never revoked without a reload of the window, which restarts the server).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { TrustChangedNotification } from '../../server/src/protocol/messages';

export function trackWorkspaceTrust(client: LanguageClient): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    if (!client.isRunning()) return;
    client.sendNotification(TrustChangedNotification, { trusted: true }).catch((error: unknown) => {
      client.error(`Could not send ${TrustChangedNotification.method}`, error);
    });
  });
}
