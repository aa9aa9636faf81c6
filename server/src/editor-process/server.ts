// Composes the language-server process: the workspace of open buffers, the LSP handlers (lsp/), the
// agent endpoint beside the buffers it serves (agent-server.ts) with the AgentHost that sends
// agents' edits through VS Code (lsp-agent-host.ts), the settings, the library setting, the
// source roots the workspace index covers, and workspace trust.
import { join } from 'node:path';
import { DidChangeConfigurationNotification, ErrorCodes, ResponseError, type Connection, type InitializeParams, type InitializeResult } from 'vscode-languageserver/node';
import { guarded, guardedNotification, makeLog } from '../lsp/guard';
import { registerLanguageFeatures } from '../lsp/handlers';
import { AgentSessionActionRequest, AnswerSuggestionRequest, McpServerRequest, PlanDiffRequest, TrustChangedNotification, type WhetstoneInitializationOptions } from '../protocol/messages';
import { planStoreOf, proposedTexts } from '../agent';
import { loadGrammar } from '../workspace/grammar';
import { Workspace } from '../workspace/workspace';
import { AgentServerControl } from './agent-server';
import { answerSuggestion, editorSuggestionSource } from './editor-suggestions';
import { LibrarySetting, workspaceFolderPath } from './library-setting';
import { LspAgentHost } from './lsp-agent-host';
import { DEFAULT_SETTINGS, fetchSettings, settingsFromPush, type ServerSettings } from './settings';
import { changedFolders, sourceRootPaths, workspaceFolderPaths } from './source-roots';
import { PACKAGE } from '../workspace/package-manifest';

export const SERVER_NAME = 'whetstone-language-server';
export const SERVER_VERSION = PACKAGE.version;

export interface ServerHandle {
  workspace: Workspace;
  agentHost: LspAgentHost;
}

/** Registers every handler on `connection` (which the caller then starts listening). */
export function startServer(connection: Connection): ServerHandle {
  const log = makeLog(connection);
  const workspace = new Workspace((error) => log('Workspace error', error));
  const features = registerLanguageFeatures(connection, workspace, log);
  // Agents' edits go to VS Code as workspace/applyEdit and come back through didChange.
  const agentHost = new LspAgentHost({
    connection,
    workspace,
    index: features.indexing.index,
    info: { ideName: 'Visual Studio Code', version: SERVER_VERSION },
    isWorkspaceFile: (uri) => features.indexing.isIndexed(uri),
    importersOf: (uri, options) => features.indexing.importersOf(uri, options),
  });
  const library = new LibrarySetting(connection, agentHost, features.diagnostics);
  let agentServer: AgentServerControl | undefined;
  let workspaceFolder: string | undefined;
  let workspaceFolders: string[] = [];
  let sourceRootsSetting: readonly string[] = DEFAULT_SETTINGS.sourceRoots;
  let folderChanges = false;
  let configurationPull = false;
  let suggestionSettings = DEFAULT_SETTINGS.suggestions;
  const suggestions = editorSuggestionSource(agentHost, () => suggestionSettings);
  features.setSuggestionSource(suggestions);

  const applySettings = async (settings: ServerSettings): Promise<void> => {
    const diagnostics = features.diagnostics;
    const previous = diagnostics.semanticDelayMs;
    diagnostics.setSemanticDelay(settings.semanticDelayMs);
    features.indexing.diagnostics.setScope(settings.diagnosticsScope);
    if (JSON.stringify(settings.suggestions) !== JSON.stringify(suggestionSettings)) {
      suggestionSettings = settings.suggestions;
      features.refreshSuggestions();
    }
    if (previous !== diagnostics.semanticDelayMs) connection.console.info(`Semantic diagnostics now wait ${diagnostics.semanticDelayMs} ms after the last change`);
    await library.apply(settings.library, workspaceFolder);
    // In the background: the editor is answered while the files are read.
    sourceRootsSetting = settings.sourceRoots;
    void features.indexing.setSourceRoots(sourceRootPaths(sourceRootsSetting, workspaceFolders));
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
    await loadGrammar();
    configurationPull = params.capabilities.workspace?.configuration === true;
    workspaceFolder = workspaceFolderPath(params);
    workspaceFolders = workspaceFolderPaths(params);
    folderChanges = params.capabilities.workspace?.workspaceFolders === true;
    const options = params.initializationOptions as WhetstoneInitializationOptions | undefined;
    // Accepting and rejecting suggestions trains a model per workspace: in the extension's storage
    // for this workspace when the client gives one, else beside the workspace's files.
    if (typeof options?.storagePath === 'string' && options.storagePath !== '') agentHost.feedbackFile = join(options.storagePath, 'feedback.json');
    else if (workspaceFolder !== undefined) agentHost.feedbackFile = join(workspaceFolder, '.whetstone', 'feedback.json');
    agentServer = new AgentServerControl(connection, agentHost, workspaceFolder === undefined ? [] : [workspaceFolder], log);
    // Only a client that says the workspace is trusted gets an endpoint: outside programs that
    // attach can change files. VS Code's client says so; others opt in the same way.
    void agentServer.setTrusted(options?.trusted === true);
    if (typeof options?.ideName === 'string' && options.ideName !== '') agentHost.info.ideName = options.ideName;
    const capabilities = features.initialize(params);
    // Folders added to the workspace or removed from it (the first stays: VS Code restarts the
    // extension host when it changes) are indexed or forgotten, as the source roots follow them.
    if (folderChanges) capabilities.workspace = { ...capabilities.workspace, workspaceFolders: { supported: true, changeNotifications: true } };
    return { capabilities, serverInfo: { name: SERVER_NAME, version: SERVER_VERSION } };
  });

  connection.onInitialized(
    guardedNotification(log, 'initialized', async () => {
      if (configurationPull) {
        // Ask to be told when settings change (the client then sends didChangeConfiguration).
        await connection.client.register(DidChangeConfigurationNotification.type, { section: 'whetstone' }).catch(() => undefined);
      }
      await features.indexing.watchFiles().catch((error: unknown) => log('Could not ask the client to watch *.wst files', error));
      if (folderChanges) {
        connection.workspace.onDidChangeWorkspaceFolders(
          guardedNotification(log, 'didChangeWorkspaceFolders', (event) => {
            workspaceFolders = changedFolders(workspaceFolders, event);
            void features.indexing.setSourceRoots(sourceRootPaths(sourceRootsSetting, workspaceFolders));
          }),
        );
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

  connection.onNotification(
    TrustChangedNotification,
    guardedNotification(log, TrustChangedNotification.method, async (params) => {
      await agentServer?.setTrusted(params?.trusted === true);
    }),
  );

  connection.onRequest(
    AnswerSuggestionRequest,
    guarded(log, AnswerSuggestionRequest.method, new ResponseError<void>(ErrorCodes.InternalError, 'The answer could not be recorded; see the server log'), async (params) => {
      const answer = await answerSuggestion(agentHost, suggestions, params, () => suggestionSettings);
      // A rejection hides the suggestion, and either answer moves the confidences shown; one that
      // no longer stands leaves a CodeLens the editor must drop.
      features.refreshSuggestions();
      return answer;
    }),
  );

  // What a pending plan would do to the text now, for its review (asked again when the text changes).
  connection.onRequest(PlanDiffRequest, (params) => {
    const plan = typeof params?.planId === 'string' ? planStoreOf(agentHost).get(params.planId) : undefined;
    if (plan?.status !== 'pending') return null;
    const files = proposedTexts(workspace, plan.targets).map(({ uri, file, revision, proposed, notShown }) => ({ uri, file, version: revision, proposed, notShown }));
    return { planId: plan.planId, files };
  });

  connection.onRequest(AgentSessionActionRequest, (params) => agentServer?.sessionAction(params) ?? { done: false });

  // The token goes to the extension only, which hands it to VS Code's MCP client in a header.
  connection.onRequest(McpServerRequest, () => agentServer?.mcpServer(SERVER_VERSION) ?? null);

  connection.onShutdown(async () => {
    // The endpoint goes first: agents are told, and its lock file is removed.
    await agentServer?.stop();
    features.dispose();
    workspace.dispose();
  });

  return { workspace, agentHost };
}
