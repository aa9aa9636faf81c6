// Creates the language client that runs the Whetstone language server (dist/server.js, bundled
// by scripts/build.mjs) as a Node child process talking over IPC.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

// The id is also the prefix of the `whetstone.trace.server` setting the client reads.
export const CLIENT_ID = 'whetstone';

export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    // When the extension host runs under a debugger (F5), the server listens for the
    // "Attach to Language Server" configuration of .vscode/launch.json.
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'whetstone' },
      { scheme: 'untitled', language: 'whetstone' },
    ],
  };
  return new LanguageClient(CLIENT_ID, 'Whetstone Language Server', serverOptions, clientOptions);
}
