// The custom LSP messages between the language server and the VS Code client that concern the
// agent endpoint: the endpoint's status (for the status bar), the person's decision on an agent's
// plan and on a change it sent for review, and workspace trust (the endpoint runs only in trusted workspaces). The client declares
// the same shapes in client/src/agentProtocol.ts.
import { NotificationType, RequestType, type Range } from 'vscode-languageserver/node';
import type { PlanView } from '../agent/methods/plans';
import type { PlanDisplay } from '../agent/plan-display';

/** `whetstone/agentStatus`: sent when the endpoint starts or stops and when a session comes or goes. */
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

/** `whetstone/decidePlan`: the server asks the person about an agent's plan. */
export interface DecidePlanParams {
  plan: PlanView;
  /** Which agent proposed it, by its session. */
  agent: { sessionId: string; name: string };
  /**
   * What the person is shown: the agent's text escaped and cut, the targets described from the
   * server's tree with their current source, long plans summarised. `plan` is the data, never shown.
   */
  display: PlanDisplay;
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

/** `whetstone/reviewChange`: the server shows the person a change an agent sent with review: true. */
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

/** `whetstone/trustChanged {trusted}`: VS Code's workspace trust was granted after start. */
export interface TrustChangedParams {
  trusted: boolean;
}

export const TrustChangedNotification = new NotificationType<TrustChangedParams>('whetstone/trustChanged');

/** What the client passes in `initializationOptions`. */
export interface WhetstoneInitializationOptions {
  /** vscode.workspace.isTrusted at start; absent means a client that knows no trust (trusted). */
  trusted?: boolean;
  /** The editor's name (vscode.env.appName), for the lock file and getCapabilities. */
  ideName?: string;
}
