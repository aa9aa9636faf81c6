// Registers the LSP handlers on a connection: document sync (incremental) into the workspace, every
// feature request (one file each), the custom `whetstone/ast`, `whetstone/activeEditor`,
// `whetstone/project` and `whetstone/importSource`, the diagnostics publisher that follows the
// workspace, and the index of every file under the source roots (workspace symbols; references,
// rename and the call hierarchy across files). Handlers only translate; each feature file asks
// the core for its facts. What else runs in the process (settings, the agent endpoint) is
// editor-process/'s business.
import {
  CodeActionKind,
  CodeLensRefreshRequest,
  ErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { ActiveEditorNotification, AstRequest, ImportSourceRequest, ProjectRequest, SuggestionsRequest } from '../protocol/messages';
import { applyTextEdits, type TextEdit } from '../core/syntax';
import type { OpenBuffer } from '../workspace/buffer';
import { tooLargeForBuffer } from '../workspace/buffer-limits';
import type { Workspace } from '../workspace/workspace';
import { setActiveEditor } from './active-editor';
import { astOf } from './ast-request';
import { incomingCallsOf, outgoingCallsOf, prepareCallHierarchy } from './call-hierarchy';
import { codeActions } from './code-actions';
import { completion, COMPLETION_TRIGGER_CHARACTERS } from './completion';
import { contentChangesToEdits } from './convert';
import { definition } from './definition';
import { documentHighlights } from './document-highlight';
import { DiagnosticsPublisher } from './diagnostics';
import { foldingRanges } from './folding';
import { formatDocument } from './formatting';
import { guarded, guardedNotification, type Log } from './guard';
import { hover } from './hover';
import { OversizedDocuments } from './oversized-documents';
import { importText, projectBuffer } from './projection-requests';
import { references } from './references';
import { prepareRename, rename } from './rename';
import { SEMANTIC_TOKENS_LEGEND, semanticTokens } from './semantic-tokens';
import { SIGNATURE_HELP_RETRIGGER_CHARACTERS, SIGNATURE_HELP_TRIGGER_CHARACTERS, signatureHelp } from './signature-help';
import { SUGGESTION_ACTION_KIND, suggestionActions, suggestionLenses, type SuggestionSource } from './suggestions';
import { documentSymbols } from './symbols';
import { WorkspaceIndexing } from './workspace-index';
import { WorkspaceModules } from '../workspace/module-catalog';
import { workspaceSymbols } from './workspace-symbols';

export interface LanguageFeatures {
  /** Publishes the diagnostics of every change the workspace reports (the editor's or an agent's). */
  readonly diagnostics: DiagnosticsPublisher;
  /** The index of every Whetstone file under the source roots, open or not, and what keeps it current. */
  readonly indexing: WorkspaceIndexing;
  /** Notes what the client can do (from initialize) and answers with what the handlers provide. */
  initialize(params: InitializeParams): ServerCapabilities;
  /** Where the editor's annotation suggestions come from (the process composes it; none until then). */
  setSuggestionSource(source: SuggestionSource): void;
  /** Asks the client to ask again for the suggestions' CodeLenses (feedback or settings changed). */
  refreshSuggestions(): void;
  dispose(): void;
}

export function registerLanguageFeatures(connection: Connection, workspace: Workspace, log: Log): LanguageFeatures {
  const diagnostics = new DiagnosticsPublisher(connection, workspace, log);
  const indexing = new WorkspaceIndexing(connection, workspace, log, diagnostics);
  let documentChanges = false;
  let codeLensRefresh = false;
  let suggestionSource: SuggestionSource = () => [];

  // ---- documents (one too large to parse is kept as text only: oversized-documents.ts)
  const oversized = new OversizedDocuments(connection, log);
  connection.onDidOpenTextDocument(
    guardedNotification(log, 'didOpen', (params) => {
      const { uri, text, version, languageId } = params.textDocument;
      if (tooLargeForBuffer(text.length)) {
        workspace.close(uri);
        oversized.open(uri, text, version, languageId);
        return;
      }
      oversized.forget(uri, { clearDiagnostics: false });
      workspace.open(uri, text, { revision: version, languageId });
    }),
  );

  connection.onDidChangeTextDocument(
    guardedNotification(log, 'didChange', (params) => {
      const { uri, version } = params.textDocument;
      if (oversized.has(uri)) {
        const document = oversized.change(uri, params.contentChanges, version);
        if (tooLargeForBuffer(document.text.length)) return;
        oversized.forget(uri, { clearDiagnostics: false });
        workspace.open(uri, document.text, { revision: version, languageId: document.languageId });
        return;
      }
      const buffer = workspace.get(uri);
      if (!buffer) return log(`didChange for ${uri}, which is not open`);
      // LSP content changes apply in order, each to the text the previous one left. An agent's edit
      // comes back this way too: the workspace matches it against the AST the host told it to expect.
      const edits = contentChangesToEdits(buffer.document, params.contentChanges);
      // Only a change that adds that much text is applied here first, to measure it.
      const text = tooLargeForBuffer(buffer.text.length + addedLength(edits)) ? applyTextEdits(buffer.text, edits, { sequential: true }) : undefined;
      if (text !== undefined && tooLargeForBuffer(text.length)) {
        // A paste took it past the limit: it is no longer parsed (nor offered to agents).
        const languageId = buffer.languageId;
        workspace.close(uri);
        oversized.open(uri, text, version, languageId);
        return;
      }
      workspace.edit(uri, edits, { sequential: true, revision: version });
    }),
  );

  connection.onDidCloseTextDocument(
    guardedNotification(log, 'didClose', (params) => {
      oversized.forget(params.textDocument.uri, { clearDiagnostics: true });
      workspace.close(params.textDocument.uri);
    }),
  );

  connection.onNotification(
    ActiveEditorNotification,
    guardedNotification(log, ActiveEditorNotification.method, (params) => setActiveEditor(workspace, params)),
  );

  // A warning shown to the person; a notification, as nothing waits for an answer.
  const warn = (message: string): void =>
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message }).catch((error: unknown) => log('Could not show a warning', error));

  // ---- requests on one buffer: an unknown document answers the empty result.
  const on = <P extends { textDocument: { uri: string } }, R, F>(name: string, empty: F, handler: (buffer: OpenBuffer, params: P) => R) =>
    guarded(log, name, empty, (params: P) => {
      const buffer = workspace.get(params.textDocument.uri);
      return buffer ? handler(buffer, params) : empty;
    });

  connection.onDocumentSymbol(on('documentSymbol', [], (buffer) => documentSymbols(buffer)));
  connection.onHover(on('hover', null, (buffer, params) => hover(buffer, params.position, workspace.modules)));
  connection.onDefinition(on('definition', [], (buffer, params) => definition(buffer, params.position, workspace.modules, indexing.index)));
  connection.onReferences(on('references', [], (buffer, params) => references(buffer, params.position, params.context?.includeDeclaration !== false, indexing.index, workspace.modules)));
  connection.onPrepareRename(on('prepareRename', null, (buffer, params) => prepareRename(buffer, params.position, indexing.index)));
  connection.onRenameRequest(on('rename', null, (buffer, params) => rename(workspace, buffer, params.position, params.newName, documentChanges, warn, indexing.index)));
  connection.onCompletion(on('completion', [], (buffer, params) => completion(buffer, params, new WorkspaceModules(indexing.index, buffer.uri))));
  connection.onSignatureHelp(on('signatureHelp', null, (buffer, params) => signatureHelp(buffer, params.position)));
  connection.onDocumentHighlight(on('documentHighlight', [], (buffer, params) => documentHighlights(buffer, params.position)));
  connection.languages.semanticTokens.on(on('semanticTokens', { data: [] }, (buffer) => semanticTokens(buffer)));
  connection.onDocumentFormatting(on('formatting', [], (buffer) => formatDocument(buffer)));
  connection.onFoldingRanges(on('foldingRanges', [], (buffer) => foldingRanges(buffer.document)));
  connection.onCodeAction(
    on('codeAction', [], (buffer, params) => [...codeActions(buffer, params, documentChanges, log, new WorkspaceModules(indexing.index, buffer.uri)), ...suggestionActions(buffer, params, suggestionSource)]),
  );
  connection.onCodeLens(on('codeLens', [], (buffer) => suggestionLenses(buffer, suggestionSource)));
  connection.languages.callHierarchy.onPrepare(on('prepareCallHierarchy', null, (buffer, params) => prepareCallHierarchy(indexing.index, buffer, params.position)));
  connection.languages.callHierarchy.onIncomingCalls(guarded(log, 'incomingCalls', [], (params) => incomingCallsOf(indexing.index, params.item)));
  connection.languages.callHierarchy.onOutgoingCalls(guarded(log, 'outgoingCalls', [], (params) => outgoingCallsOf(indexing.index, params.item)));
  connection.onWorkspaceSymbol(guarded(log, 'workspaceSymbol', [], (params) => workspaceSymbols(indexing.index, typeof params?.query === 'string' ? params.query : '')));

  connection.onRequest(
    SuggestionsRequest,
    guarded(log, SuggestionsRequest.method, new ResponseError<void>(ErrorCodes.InternalError, 'The suggestions could not be computed; see the server log'), (params) => {
      const buffer = workspace.get(params.uri);
      return { uri: params.uri, version: buffer?.revision ?? 0, suggestions: buffer ? suggestionSource(buffer) : [] };
    }),
  );

  connection.onRequest(
    AstRequest,
    guarded(log, AstRequest.method, new ResponseError<void>(ErrorCodes.InternalError, 'The AST could not be read; see the server log'), (params) => astOf(workspace, params)),
  );
  connection.onRequest(
    ProjectRequest,
    guarded(log, ProjectRequest.method, new ResponseError<void>(ErrorCodes.InternalError, 'The projection failed; see the server log'), (params) => projectBuffer(workspace, params)),
  );
  connection.onRequest(
    ImportSourceRequest,
    guarded(log, ImportSourceRequest.method, new ResponseError<void>(ErrorCodes.InternalError, 'The import failed; see the server log'), (params) => importText(params)),
  );

  return {
    diagnostics,
    indexing,
    initialize(params) {
      indexing.initialize(params);
      documentChanges = params.capabilities.workspace?.workspaceEdit?.documentChanges === true;
      codeLensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
      return {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        documentSymbolProvider: true,
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS, resolveProvider: false },
        signatureHelpProvider: { triggerCharacters: SIGNATURE_HELP_TRIGGER_CHARACTERS, retriggerCharacters: SIGNATURE_HELP_RETRIGGER_CHARACTERS },
        documentHighlightProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        documentFormattingProvider: true,
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, SUGGESTION_ACTION_KIND] },
        codeLensProvider: { resolveProvider: false },
        workspaceSymbolProvider: true,
        callHierarchyProvider: true,
      };
    },
    setSuggestionSource(source) {
      suggestionSource = source;
    },
    refreshSuggestions() {
      if (codeLensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch((error: unknown) => log('Could not ask the client to refresh CodeLenses', error));
    },
    dispose() {
      diagnostics.dispose();
      indexing.dispose();
    },
  };
}

/** The characters edits insert (an upper bound of how much they grow a text). */
function addedLength(edits: readonly TextEdit[]): number {
  let added = 0;
  for (const edit of edits) added += edit.newText.length;
  return added;
}
