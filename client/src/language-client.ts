// Creates the language client that runs the Whetstone language server (dist/server.js, which loads
// it from dist/cli.js, the bundle scripts/build.mjs makes of the language server and the command
// line) as a Node child process talking over IPC, with the heap sizing of
// SERVER_NODE_OPTIONS (server/src/protocol/server-process.ts says why).
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import type { WhetstoneInitializationOptions } from '../../server/src/protocol/messages';
import { SERVER_NODE_OPTIONS } from '../../server/src/protocol/server-process';

// The id is also the prefix of the `whetstone.trace.server` setting the client reads.
export const CLIENT_ID = 'whetstone';

/**
 * What the server learns at start: whether the workspace is trusted (it runs the agent endpoint only
 * then), the editor's name, and this workspace's storage folder (the suggestion feedback model is
 * kept there). Evaluated at every (re)start, so a restart after granting trust says so.
 */
function initializationOptions(context: vscode.ExtensionContext): WhetstoneInitializationOptions {
  const options: WhetstoneInitializationOptions = { trusted: vscode.workspace.isTrusted, ideName: vscode.env.appName };
  if (context.storageUri?.scheme === 'file') options.storagePath = context.storageUri.fsPath;
  return options;
}

/** `traceOutputChannel`: where `whetstone.trace.server` shows the LSP traffic (trace-output-channel.ts). */
export function createLanguageClient(context: vscode.ExtensionContext, traceOutputChannel: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS] } },
    // When the extension host runs under a debugger (F5), the server listens for the
    // "Attach to Language Server" configuration of .vscode/launch.json.
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_OPTIONS, '--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'whetstone' },
      { scheme: 'untitled', language: 'whetstone' },
    ],
    initializationOptions: () => initializationOptions(context),
    traceOutputChannel,
    // Hovers carry text from the file (escaped by the server): their Markdown runs no command and renders no HTML.
    markdown: { isTrusted: false, supportHtml: false },
  };
  return new LanguageClient(CLIENT_ID, 'Whetstone Language Server', serverOptions, clientOptions);
}
