// Wires the LSP connection to the workspace and the feature modules: capabilities, document
// sync (incremental), settings, the custom `whetstone/…` messages and every request handler.
// Handlers only translate; each feature file asks the core for its facts. The agent endpoint runs
// here too, beside the buffers it serves (agentServer.ts), with the LSP-backed AgentHost.
import { join } from 'node:path';
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { LspAgentHost } from '../agent/lsp-host';
import { initParser } from '../core/parser';
import type { OpenBuffer } from '../workspace/buffer';
import { Workspace } from '../workspace/workspace';
import { ActiveEditorNotification, setActiveEditor } from './activeEditor';
import { TrustChangedNotification, type WhetstoneInitializationOptions } from './agentMessages';
import { AgentServerControl } from './agentServer';
import { AstRequest, astOf } from './astRequest';
import { codeActions } from './codeActions';
import { completion, COMPLETION_TRIGGER_CHARACTERS } from './completion';
import { contentChangesToEdits } from './convert';
import { definition } from './definition';
import { DiagnosticsPublisher } from './diagnostics';
import { foldingRanges } from './folding';
import { formatDocument } from './formatting';
import { guarded, guardedNotification, makeLog } from './guard';
import { hover } from './hover';
import { LibrarySetting, workspaceFolderPath } from './librarySetting';
import { references } from './references';
import { ImportSourceRequest, importText, ProjectRequest, projectBuffer } from './projectionRequests';
import { prepareRename, rename } from './rename';
import { SEMANTIC_TOKENS_LEGEND, semanticTokens } from './semanticTokens';
import { DEFAULT_SETTINGS, fetchSettings, settingsFromPush, type ServerSettings } from './settings';
import { documentSymbols } from './symbols';

export const SERVER_NAME = 'whetstone-language-server';
export const SERVER_VERSION = '0.1.0';

export interface ServerHandle {
  workspace: Workspace;
  agentHost: LspAgentHost;
}

/** Registers every handler on `connection` (which the caller then starts listening). */
export function startServer(connection: Connection): ServerHandle {
  const log = makeLog(connection);
  const workspace = new Workspace((error) => log('Workspace error', error));
  // Publishes the diagnostics of every change the workspace reports.
  const diagnostics = new DiagnosticsPublisher(connection, workspace, log);
  // Agents' edits go to VS Code as workspace/applyEdit and come back through didChange below.
  const agentHost = new LspAgentHost({ connection, workspace, info: { ideName: 'Visual Studio Code', version: SERVER_VERSION } });
  const library = new LibrarySetting(connection, agentHost, diagnostics);
  let agentServer: AgentServerControl | undefined;
  let workspaceFolder: string | undefined;
  let configurationPull = false;
  let documentChanges = false;

  const applySettings = async (settings: ServerSettings): Promise<void> => {
    const previous = diagnostics.semanticDelayMs;
    diagnostics.setSemanticDelay(settings.semanticDelayMs);
    if (previous !== diagnostics.semanticDelayMs) connection.console.info(`Semantic diagnostics now wait ${diagnostics.semanticDelayMs} ms after the last change`);
    await library.apply(settings.library, workspaceFolder);
    await agentServer?.setSettings(settings.agentServer);
  };
  const refreshSettings = async (): Promise<void> => {
    if (!configurationPull) return;
    try {
      await applySettings(await fetchSettings(connection));
    } catch (error) {
      log('Could not read the whetstone settings', error);
    }
  };

  connection.onInitialize(async (params: InitializeParams): Promise<InitializeResult> => {
    // The first WebAssembly compile takes most of a second: do it before the first document opens.
    await initParser();
    configurationPull = params.capabilities.workspace?.configuration === true;
    documentChanges = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
    workspaceFolder = workspaceFolderPath(params);
    // Accepting and rejecting suggestions trains a model per workspace, kept beside its files.
    if (workspaceFolder !== undefined) agentHost.feedbackFile = join(workspaceFolder, '.whetstone', 'feedback.json');
    agentServer = new AgentServerControl(connection, agentHost, workspaceFolder === undefined ? [] : [workspaceFolder], log);
    // Only a client that says the workspace is trusted gets an endpoint: outside programs that
    // attach can change files. VS Code's client says so; others opt in the same way.
    const options = params.initializationOptions as WhetstoneInitializationOptions | undefined;
    void agentServer.setTrusted(options?.trusted === true);
    if (typeof options?.ideName === 'string' && options.ideName !== '') agentHost.info.ideName = options.ideName;
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        documentSymbolProvider: true,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS, resolveProvider: false },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        documentFormattingProvider: true,
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  connection.onInitialized(
    guardedNotification(log, 'initialized', async () => {
      if (configurationPull) {
        // Ask to be told when settings change (the client then sends didChangeConfiguration).
        await connection.client.register(DidChangeConfigurationNotification.type, { section: 'whetstone' }).catch(() => undefined);
      }
      // Without workspace/configuration the defaults hold until the client pushes settings.
      if (configurationPull) await refreshSettings();
      else await applySettings(DEFAULT_SETTINGS);
    }),
  );

  connection.onDidChangeConfiguration(
    guardedNotification(log, 'didChangeConfiguration', async (params) => {
      if (configurationPull) await refreshSettings();
      else {
        const pushed = settingsFromPush(params.settings);
        if (pushed) await applySettings(pushed);
      }
    }),
  );

  // ---- documents
  connection.onDidOpenTextDocument(
    guardedNotification(log, 'didOpen', (params) => {
      const { uri, text, version, languageId } = params.textDocument;
      workspace.open(uri, text, { revision: version, languageId });
    }),
  );

  connection.onDidChangeTextDocument(
    guardedNotification(log, 'didChange', (params) => {
      const { uri, version } = params.textDocument;
      const buffer = workspace.get(uri);
      if (!buffer) return log(`didChange for ${uri}, which is not open`);
      // LSP content changes apply in order, each to the text the previous one left. An agent's edit
      // comes back this way too: the workspace matches it against the AST the host told it to expect.
      const edits = contentChangesToEdits(buffer.document, params.contentChanges);
      workspace.edit(uri, edits, { sequential: true, revision: version });
    }),
  );

  connection.onDidCloseTextDocument(
    guardedNotification(log, 'didClose', (params) => {
      workspace.close(params.textDocument.uri);
    }),
  );

  connection.onNotification(
    TrustChangedNotification,
    guardedNotification(log, 'whetstone/trustChanged', async (params) => {
      await agentServer?.setTrusted(params?.trusted === true);
    }),
  );

  connection.onNotification(
    ActiveEditorNotification,
    guardedNotification(log, 'whetstone/activeEditor', (params) => setActiveEditor(workspace, params)),
  );

  // ---- requests on one buffer: an unknown document answers the empty result.
  const on = <P extends { textDocument: { uri: string } }, R, F>(name: string, empty: F, handler: (buffer: OpenBuffer, params: P) => R) =>
    guarded(log, name, empty, (params: P) => {
      const buffer = workspace.get(params.textDocument.uri);
      return buffer ? handler(buffer, params) : empty;
    });

  connection.onDocumentSymbol(on('documentSymbol', [], (buffer) => documentSymbols(buffer)));
  connection.onHover(on('hover', null, (buffer, params) => hover(buffer, params.position)));
  connection.onDefinition(on('definition', [], (buffer, params) => definition(buffer, params.position)));
  connection.onReferences(on('references', [], (buffer, params) => references(buffer, params.position, params.context?.includeDeclaration !== false)));
  connection.onPrepareRename(on('prepareRename', null, (buffer, params) => prepareRename(buffer, params.position)));
  connection.onRenameRequest(on('rename', null, (buffer, params) => rename(buffer, params.position, params.newName, documentChanges)));
  connection.onCompletion(on('completion', [], (buffer, params) => completion(buffer, params)));
  connection.languages.semanticTokens.on(on('semanticTokens', { data: [] }, (buffer) => semanticTokens(buffer)));
  connection.onDocumentFormatting(on('formatting', [], (buffer) => formatDocument(buffer)));
  connection.onFoldingRanges(on('foldingRanges', [], (buffer) => foldingRanges(buffer.document)));
  connection.onCodeAction(on('codeAction', [], (buffer, params) => codeActions(buffer, params, documentChanges, log)));

  connection.onRequest(
    AstRequest,
    guarded(log, 'whetstone/ast', new ResponseError<void>(ErrorCodes.InternalError, 'The AST could not be read; see the server log'), (params) => astOf(workspace, params)),
  );

  connection.onRequest(ProjectRequest, guarded(log, 'whetstone/project', new ResponseError<void>(ErrorCodes.InternalError, 'The projection failed; see the server log'), (params) => projectBuffer(workspace, params)));
  connection.onRequest(ImportSourceRequest, guarded(log, 'whetstone/importSource', new ResponseError<void>(ErrorCodes.InternalError, 'The import failed; see the server log'), (params) => importText(params)));

  connection.onShutdown(async () => {
    // The endpoint goes first: agents are told, and its lock file is removed.
    await agentServer?.stop();
    diagnostics.dispose();
    workspace.dispose();
  });

  return { workspace, agentHost };
}
