// Entry point of the extension: starts the Whetstone language server through a language client,
// registers the commands and keeps the server told which Whetstone editor is active.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { trackActiveEditor } from './activeEditor';
import { registerCommands } from './commands';
import { createLanguageClient } from './languageClient';

/** What activate() returns: tests and other extensions wait on `ready` before they use `client`. */
export interface WhetstoneApi {
  client: LanguageClient;
  /** Resolves once the language server has started and answered `initialize`. */
  ready: Promise<void>;
}

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): WhetstoneApi {
  client = createLanguageClient(context);
  // Listen before starting so the first Running state change reaches the tracker.
  context.subscriptions.push(trackActiveEditor(client), registerCommands(client));
  // Activation does not wait for the server: the editor stays responsive while it starts.
  const ready = client.start();
  const api: WhetstoneApi = { client, ready };
  ready.catch((error: unknown) => {
    // The client has already shown the failure in its output channel; this keeps the rejection
    // from being reported as unhandled while it stays visible to whoever awaits `ready`.
    console.error('Whetstone: the language server did not start', error);
  });
  return api;
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}
