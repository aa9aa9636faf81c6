// The custom `whetstone/…` LSP messages between the language server and the VS Code client, each
// written here once: its method name (in the message type) and its params and result as plain
// data. The server (lsp/, editor-process/), the client and the tests all use these objects, so
// a method name is never typed as a string anywhere else.
import { NotificationType, RequestType, RequestType0, type Range } from 'vscode-languageserver-protocol';

/** `whetstone/activeEditor` (client → server): the Whetstone editor the person is in, if any. */
export interface ActiveEditorParams {
  /**
   * The Whetstone document (a file or untitled one) of the editor the person last used, or null once
   * it is closed. A plan's, review's or preview's document is never sent; the server ignores one.
   */
  uri: string | null;
}

export const ActiveEditorNotification = new NotificationType<ActiveEditorParams>('whetstone/activeEditor');

/** `whetstone/ast` (client → server): a buffer's AST exactly as the core holds it ("Show AST"). */
export interface AstParams {
  uri: string;
}

export interface AstResult {
  uri: string;
  revision: number;
  /** The Program node, as agents see it (docs/LANGUAGE.md describes its shape). */
  ast: unknown;
}

export const AstRequest = new RequestType<AstParams, AstResult, void>('whetstone/ast');

/** `whetstone/trustChanged` (client → server): VS Code's workspace trust was granted after start. */
export interface TrustChangedParams {
  trusted: boolean;
}

export const TrustChangedNotification = new NotificationType<TrustChangedParams>('whetstone/trustChanged');

/** `whetstone/agentStatus` (server → client): when the endpoint starts or stops and when a session comes or goes. */
export interface AgentStatusParams {
  running: boolean;
  /** Where agents connect (127.0.0.1) and on which port; null while not running. */
  host: string | null;
  port: number | null;
  /** The lock file agents discover the endpoint by (it holds the token; the client never reads it). */
  lockFile: string | null;
  /** How many agent sessions are connected. */
  sessions: number;
  /** Why it is not running, when that is not simply "disabled" (untrusted, failed to start). */
  reason?: string;
}

export const AgentStatusNotification = new NotificationType<AgentStatusParams>('whetstone/agentStatus');

/**
 * `whetstone/mcpServer` (client → server): where the endpoint's MCP server is and its bearer token,
 * for registering it with VS Code's own agents. The client puts the token in the request header it
 * hands VS Code and nowhere else. null while the endpoint is not running.
 */
export interface McpServerResult {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  token: string;
  /** Changes whenever the endpoint starts again (a new token), so VS Code reconnects. */
  version: string;
}

export const McpServerRequest = new RequestType0<McpServerResult | null, void>('whetstone/mcpServer');

/** One node a plan targets, with the operation the agent means to do to it, in the file it is in (ids repeat across files). */
export interface PlanTargetData {
  op: string;
  nodeId: string;
  uri: string;
}

/** A plan as the person is shown it (the agent API's getPlan result). */
export interface PlanData {
  planId: string;
  status: 'pending' | 'approved' | 'rejected' | 'consumed';
  steps: string[];
  targets: PlanTargetData[];
  /** The reason the agent gave when proposing. */
  reason: string;
  sessionId: string;
  decidedBy?: string;
  /** The reason the person gave with the decision, if any. */
  decisionReason?: string;
}

/** One target of a plan as the person is shown it: described from the server's own tree. */
export interface TargetDisplayData {
  /** The operation, escaped (an agent may send any op name). */
  op: string;
  nodeId: string;
  /** False when the target's file has no such node (it was deleted or never existed). */
  found: boolean;
  /** "function calculateTotal, lines 3–9 of orders.wst" (the file the target is bound to; what it is in the language's words), or why it was not found. */
  description: string;
  /** The node's current source lines, escaped and cut (empty when not found, or shown for an earlier target). */
  code: string[];
  /** Source lines not shown. */
  moreCodeLines: number;
}

/**
 * What the person is shown to decide a plan, computed once by the server: the agent's text
 * escaped (control characters made visible), one line each and cut; the targets described from
 * the server's tree, removals and replacements first; long plans summarised with counts.
 */
export interface PlanDisplayData {
  planId: string;
  /** The agent's name (escaped), or "session <id>" when it gave none. */
  agent: string;
  /** One line for a notification: who proposes what, with the target counts. */
  headline: string;
  reason: string;
  steps: string[];
  stepCount: number;
  targets: TargetDisplayData[];
  targetCount: number;
  /** "3 deleteNode, 1 setProperty": every target counted by operation, destructive or not. */
  targetSummary: string;
}

/** `whetstone/decidePlan` (server → client): the server asks the person about an agent's plan. */
export interface DecidePlanParams {
  /** The plan as data: never shown as it is (the agent wrote it). */
  plan: PlanData;
  /** Which agent proposed it, by its session. */
  agent: { sessionId: string; name: string };
  /** What the person is shown. */
  display: PlanDisplayData;
  /**
   * When every target is of one kind that may be approved for the rest of the session (inside
   * function bodies of one file; never a top-level item or part of a signature): that kind, so
   * the person can approve similar plans.
   */
  similar?: PlanKindData;
}

/** A kind of plan target: the operation and what it acts on ("deleteNode local VariableDeclaration"). */
export interface PlanKindData {
  /** The key the server compares plans by. */
  kind: string;
  /** What the person reads: "delete local variable declarations". */
  label: string;
}

/**
 * The person's answer. `undecided` is answered only when the server withdrew the question
 * (cancelled the request): closing the notification or the review is not a decision.
 */
export interface DecidePlanResult {
  decision: 'approved' | 'rejected' | 'undecided';
  reason?: string;
  /** Who decided, for the plan's `decidedBy`. */
  decidedBy?: string;
  /**
   * With `approved`: the person also approves later plans of this agent whose targets are all of
   * the kind offered in `similar`, until it disconnects or the person revokes it.
   */
  approveSimilar?: boolean;
}

export const DecidePlanRequest = new RequestType<DecidePlanParams, DecidePlanResult, void>('whetstone/decidePlan');

/** `whetstone/reviewChange` (server → client): a change an agent sent with review: true, shown inline. */
export interface ReviewChangeParams {
  suggestion: {
    suggestionId: string;
    uri: string;
    /** The edits at the document version the change was previewed against (LSP ranges). */
    edits: { range: Range; newText: string; oldText: string }[];
    label: string;
    agentName: string;
    /** The errors the change would introduce (its preflight), in its file and in open files importing it. */
    newErrors: { count: number; errors: NewErrorData[] };
  };
}

/** An error a change would introduce: where, and what (the message quotes the file: shown escaped). */
export interface NewErrorData {
  uri: string;
  /** 1-based. */
  line: number;
  code: string;
  message: string;
}

/**
 * The person's answer. `undecided` is answered only when the server withdrew the suggestion
 * (cancelled the request: its agent left); ignoring the suggestion is not a decision.
 */
export interface ReviewChangeResult {
  decision: 'accepted' | 'rejected' | 'undecided';
  decidedBy?: string;
}

export const ReviewChangeRequest = new RequestType<ReviewChangeParams, ReviewChangeResult, void>('whetstone/reviewChange');

/** A line and a column as the AST gives them: line 1-based, column 0-based (UTF-16 code units). */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * What a projection reports about a node: the core's diagnostics (syntax, semantic) and
 * projection's own W_UNSUPPORTED (a construct with no Whetstone form, left out), W_UNFAITHFUL (a
 * node the target cannot carry) and W_DIVISION_BY_ZERO. Spans are in the text the node came from.
 */
export interface ProjectionDiagnosticData {
  code: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  nodeId: string;
  line: number;
  column: number;
  span: { start: SourcePosition; end: SourcePosition; startOffset: number; endOffset: number };
  hint?: string;
  /** For W_UNSUPPORTED: the source text that was left out (shortened). */
  omitted?: string;
}

/**
 * `whetstone/project` (client → server): an open buffer in another language, for the read-only
 * preview beside the editor ("Show as JavaScript / TypeScript / Python"), which asks again
 * whenever the buffer changes.
 */
export interface ProjectParams {
  uri: string;
  /** whetstone, javascript, typescript or python (js, ts, py too). */
  language: string;
}

export interface ProjectResult {
  uri: string;
  /** The buffer's revision the code was generated from. */
  revision: number;
  language: string;
  code: string;
  /** What the target could not carry faithfully (W_UNFAITHFUL). */
  diagnostics: ProjectionDiagnosticData[];
}

export const ProjectRequest = new RequestType<ProjectParams, ProjectResult, void>('whetstone/project');

/**
 * `whetstone/importSource` (client → server): source of another language as Whetstone, for
 * "Import from JavaScript / TypeScript / Python". Nothing is opened or written by the server.
 */
export interface ImportSourceParams {
  text: string;
  /** javascript, typescript or python. */
  language: string;
}

export interface ImportSourceResult {
  code: string;
  /** Syntax errors of the source and what had no Whetstone form (W_UNSUPPORTED), on the source's spans. */
  diagnostics: ProjectionDiagnosticData[];
}

export const ImportSourceRequest = new RequestType<ImportSourceParams, ImportSourceResult, void>('whetstone/importSource');

/** `whetstone/languageModel` (server → client): the editor's chat model, asked by an agent's generateCode. */
export interface LanguageModelParams {
  prompt: string;
}

/** `text` is the model's answer; `unavailable` says why there is none (no model, setting off, no consent). */
export interface LanguageModelResult {
  text?: string;
  unavailable?: string;
  /** The model's name, when one answered. */
  model?: string;
}

export const LanguageModelRequest = new RequestType<LanguageModelParams, LanguageModelResult, void>('whetstone/languageModel');

/**
 * Server → client: open a file of the workspace as a document, without an editor and without
 * focus, so that an agent can read and change a file nobody has open. VS Code holds such a
 * document a few minutes after the last request (longer while it has unsaved changes).
 */
export interface OpenDocumentParams {
  uri: string;
}

/** `opened`: the document is open (its didOpen follows, or came already); else `reason`. */
export interface OpenDocumentResult {
  opened: boolean;
  reason?: string;
}

export const OpenDocumentRequest = new RequestType<OpenDocumentParams, OpenDocumentResult, void>('whetstone/openDocument');

/**
 * The client's commands that the server's CodeLenses and code actions name: each takes one
 * SuggestionCommandArgs.
 */
export const SUGGESTION_COMMANDS = {
  accept: 'whetstone.acceptSuggestion',
  reject: 'whetstone.rejectSuggestion',
  why: 'whetstone.explainSuggestion',
} as const;

/** What a suggestion's CodeLens or code action hands its command. */
export interface SuggestionCommandArgs {
  uri: string;
  version: number;
  suggestion: EditorSuggestionData;
}

/** An annotation suggestion as the editor shows it (CodeLens, lightbulb, Why). */
export interface EditorSuggestionData {
  nodeId: string;
  annotationType: string;
  strategy: string;
  /** Why, with its evidence (what was found, on which line). */
  reason: string;
  /** 0..1, moved by the workspace's feedback. */
  confidence: number;
  /** The rule's own confidence before feedback moved it. */
  ruleConfidence: number;
  /** The node the annotation goes on, in the language's words ("function total at line 3"). */
  nodeLabel: string;
  /** Whether it stands above its node as a CodeLens (whetstone.suggestions.codeLens); every one is in the lightbulb. */
  codeLens: boolean;
  /**
   * What "Why?" shows: the annotation, where, how sure, the reason. One line, escaped for a
   * notification (protocol/display-text.ts labelText): the reason quotes the file.
   */
  explanation: string;
  /** The node's range (the CodeLens stands on its first line). */
  range: Range;
}

/**
 * `whetstone/suggestions` (client → server): the suggestions the editor shows for a buffer now
 * (the person's settings applied: whetstone.suggestions.*).
 */
export interface SuggestionsParams {
  uri: string;
}

export interface SuggestionsResult {
  uri: string;
  /** The document version they were computed on. */
  version: number;
  suggestions: EditorSuggestionData[];
}

export const SuggestionsRequest = new RequestType<SuggestionsParams, SuggestionsResult, void>('whetstone/suggestions');

/**
 * `whetstone/answerSuggestion` (client → server): the person accepted (the annotation is written,
 * one undo step) or rejected (recorded, hidden on that node until its code changes) a suggestion.
 */
export interface AnswerSuggestionParams {
  uri: string;
  /**
   * The document version the person saw it on. The answer acts on the current version all the
   * same, as long as the suggestion still stands on that node (found by its id and kind).
   */
  version: number;
  nodeId: string;
  annotationType: string;
  strategy: string;
  accepted: boolean;
}

export interface AnswerSuggestionResult {
  /** Whether the annotation was written (accepted) or the rejection recorded. */
  done: boolean;
  /** Why not, when not done (the text moved on, the suggestion is gone). */
  message?: string;
  /** The feedback model's revision after the answer. */
  modelRevision?: number;
}

export const AnswerSuggestionRequest = new RequestType<AnswerSuggestionParams, AnswerSuggestionResult, void>('whetstone/answerSuggestion');

/** One call of an agent as the Agents view lists it. */
export interface AgentCallData {
  method: string;
  /** The node, plan or file it named, escaped and cut; empty when none. */
  target: string;
  /** 'ok', or the JSON-RPC error code. */
  outcome: 'ok' | number;
  atMs: number;
}

/** One attached agent session, for the Agents view. */
export interface AgentSessionData {
  sessionId: string;
  /** The agent's name, escaped and cut (empty when it gave none). */
  name: string;
  role: string;
  /** The highest role it may take now (lowered to linter by "Make read-only"). */
  maxRole: string;
  transport: 'websocket' | 'mcp';
  connectedAtMs: number;
  messageCount: number;
  /** Most recent first, bounded. */
  recentCalls: AgentCallData[];
  pendingPlans: { planId: string; reason: string }[];
  pendingChanges: { suggestionId: string; label: string }[];
  /** Kinds of plans approved for the rest of the session. */
  standingApprovals: PlanKindData[];
}

/** `whetstone/agentSessions` (server → client): the attached sessions, sent when any of it changes. */
export interface AgentSessionsParams {
  sessions: AgentSessionData[];
}

export const AgentSessionsNotification = new NotificationType<AgentSessionsParams>('whetstone/agentSessions');

/** `whetstone/agentSessionAction` (client → server): the person acts on a session from the Agents view. */
export interface AgentSessionActionParams {
  sessionId: string;
  action: 'disconnect' | 'readOnly' | 'revokeApproval';
  /** For revokeApproval: the kind to revoke. */
  kind?: string;
}

export interface AgentSessionActionResult {
  /** False when the session is gone (or the kind was not approved). */
  done: boolean;
}

export const AgentSessionActionRequest = new RequestType<AgentSessionActionParams, AgentSessionActionResult, void>('whetstone/agentSessionAction');

/** `whetstone/planDiff` (client → server): what a pending plan's steps would do to the text now. */
export interface PlanDiffParams {
  planId: string;
}

export interface PlanDiffFile {
  uri: string;
  /** The file as the person reads it (a short path, escaped): plans may span files. */
  file: string;
  /** The buffer's version the proposal was computed on. */
  version: number;
  /** The text with the plan's removals made (other operations are described, not guessed). */
  proposed: string;
  /** Targets whose effect the diff cannot show (an update's new text is not in the plan), escaped. */
  notShown: string[];
}

export interface PlanDiffResult {
  planId: string;
  files: PlanDiffFile[];
}

export const PlanDiffRequest = new RequestType<PlanDiffParams, PlanDiffResult | null, void>('whetstone/planDiff');

/** What the client passes in `initializationOptions`. */
export interface WhetstoneInitializationOptions {
  /** The extension's storage folder for this workspace: the suggestion feedback model lives there. */
  storagePath?: string;
  /** vscode.workspace.isTrusted at start; absent means a client that knows no trust (trusted). */
  trusted?: boolean;
  /** The editor's name (vscode.env.appName), for the lock file and getCapabilities. */
  ideName?: string;
}
