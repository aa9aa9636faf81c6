// The custom `whetstone/…` LSP messages between the language server and the VS Code client, each
// written here once: its method name (in the message type) and its params and result as plain
// data. The server (lsp/, language-server/), the client and the tests all use these objects, so
// a method name is never typed as a string anywhere else.
import { NotificationType, RequestType, RequestType0, type Range } from 'vscode-languageserver-protocol';

/** `whetstone/activeEditor` (client → server): the Whetstone editor the person is in, if any. */
export interface ActiveEditorParams {
  /** The active editor's document URI when it is a Whetstone document, otherwise null. */
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

/** One node a plan targets, with the operation the agent means to do to it. */
export interface PlanTargetData {
  op: string;
  nodeId: string;
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
  /** False when no open buffer has the node (it was deleted or never existed). */
  found: boolean;
  /** "FunctionDeclaration calculateTotal, lines 3–9 of orders.wst", or why it was not found. */
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
  };
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

/** What the client passes in `initializationOptions`. */
export interface WhetstoneInitializationOptions {
  /** vscode.workspace.isTrusted at start; absent means a client that knows no trust (trusted). */
  trusted?: boolean;
  /** The editor's name (vscode.env.appName), for the lock file and getCapabilities. */
  ideName?: string;
}
