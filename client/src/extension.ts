// Entry point of the extension: starts the Whetstone language server through a language client,
// registers the commands, keeps the server told which Whetstone editor is active and whether the
// workspace is trusted, and shows the agent endpoint's status, the plans agents propose and the
// changes they send for review.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { trackActiveEditor } from './active-editor';
import { AgentStatusView, type AgentStatus } from './agent-status';
import { AgentsView, type AgentsViewNode } from './agents-view';
import { ChangeReview, type PendingChange } from './change-review';
import { registerCommands } from './commands';
import { registerCopyAgentConnection } from './copy-agent-connection';
import { registerCopyMcpConfiguration } from './copy-mcp-configuration';
import { registerMcpServer } from './mcp-server-provider';
import { EndpointPorts } from './endpoint-ports';
import { registerOpenExample } from './open-example';
import { createLanguageClient } from './language-client';
import { createTraceOutputChannel } from './trace-output-channel';
import { PlanDecisions, type PendingPlan } from './plan-decisions';
import { registerPendingViews } from './pending-views';
import type { AgentSessionData, EditorSuggestionData } from '../../server/src/protocol/messages';
import { registerProjection } from './projection';
import { registerAgentDocuments } from './agent-documents';
import { SuggestionCommands } from './suggestions';
import { trackWorkspaceTrust } from './trust';

/** What activate() returns: tests and other extensions wait on `ready` before they use `client`. */
export interface WhetstoneApi {
  client: LanguageClient;
  /** Resolves once the language server has started and answered `initialize`. */
  ready: Promise<void>;
  agents: {
    /** The agent endpoint's latest status (address, lock file, attached agents); undefined before the first. */
    status(): AgentStatus | undefined;
    readonly onDidChangeStatus: vscode.Event<AgentStatus>;
    /** The attached sessions as the Agents view shows them (sent by the server whenever they change). */
    sessions(): AgentSessionData[];
    /** The Agents view's rows. */
    viewRows(): AgentsViewNode[];
    readonly onDidChangeSessions: vscode.Event<void>;
    /**
     * Whether VS Code took the provider that keeps the endpoint's port from being forwarded (its
     * API is a proposal), and what that provider answers for a port (PortAutoForwardAction).
     */
    portAttributes: { registered: boolean; autoForwardAction(port: number): number | undefined };
  };
  plans: {
    /** The agents' plans waiting for the person's decision. */
    pending(): PendingPlan[];
    /**
     * Decides a pending plan as the notification's buttons do (approveSimilar: "Approve similar");
     * false when it is not pending.
     */
    decide(planId: string, approved: boolean, reason?: string, approveSimilar?: boolean): boolean;
    readonly onDidChange: vscode.Event<void>;
  };
  mcp: {
    /** Whether VS Code has the MCP API and the endpoint's MCP server is registered with it. */
    registered: boolean;
    /** The server definitions VS Code is given now (URL only; the token is added when VS Code starts it). */
    definitions(): Promise<{ label: string; uri: string }[]>;
  };
  suggestions: {
    /** The annotation suggestions the editor shows for a document now, and the version they are for. */
    list(uri: vscode.Uri): Promise<{ version: number; suggestions: EditorSuggestionData[] }>;
    /** The file the workspace's feedback model is kept in (the extension's storage for this workspace). */
    feedbackFile: string | undefined;
  };
  changes: {
    /** The changes agents sent with review: true, waiting inline for the person. */
    pending(): PendingChange[];
    /** Accepts or rejects a pending change as its CodeLens does; false when it is not pending. */
    decide(suggestionId: string, accepted: boolean): boolean;
    readonly onDidChange: vscode.Event<void>;
  };
}

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): WhetstoneApi {
  const traceChannel = createTraceOutputChannel();
  context.subscriptions.push(traceChannel);
  client = createLanguageClient(context, traceChannel);
  // Listen before starting so the first Running state change, the first agent status and the
  // first plan question reach their handlers.
  const agentStatus = new AgentStatusView(client);
  const agentsView = new AgentsView(client);
  const plans = new PlanDecisions(client);
  const changes = new ChangeReview(client);
  const mcp = registerMcpServer(client, agentStatus);
  const endpointPorts = new EndpointPorts(context.asAbsolutePath('dist/server.js'));
  agentStatus.onDidChange((status) => endpointPorts.setPort(status.running ? status.port : null), undefined, context.subscriptions);
  const suggestions = new SuggestionCommands(client);
  context.subscriptions.push(
    trackActiveEditor(client),
    trackWorkspaceTrust(client),
    registerCommands(client),
    registerProjection(client),
    registerAgentDocuments(client),
    agentStatus,
    agentsView,
    registerCopyAgentConnection(agentStatus),
    registerCopyMcpConfiguration(context, agentStatus),
    registerOpenExample(context),
    mcp,
    endpointPorts,
    plans,
    changes,
    registerPendingViews(plans, changes),
    suggestions,
  );
  // Activation does not wait for the server: the editor stays responsive while it starts.
  const ready = client.start();
  const api: WhetstoneApi = {
    client,
    ready,
    agents: {
      status: () => agentStatus.status,
      onDidChangeStatus: agentStatus.onDidChange,
      sessions: () => agentsView.current(),
      viewRows: () => agentsView.rows(),
      onDidChangeSessions: agentsView.onDidChange,
      portAttributes: { registered: endpointPorts.registered, autoForwardAction: (port) => endpointPorts.attributes(port)?.autoForwardAction },
    },
    plans: {
      pending: () => plans.pending(),
      decide: (planId, approved, reason, approveSimilar) => plans.decide(planId, approved, reason, approveSimilar),
      onDidChange: plans.onDidChange,
    },
    mcp: { registered: mcp.registered, definitions: async () => (await mcp.definitions()).map((definition) => ({ label: definition.label, uri: definition.uri.toString() })) },
    suggestions: { list: (uri) => suggestions.list(uri), feedbackFile: context.storageUri && vscode.Uri.joinPath(context.storageUri, 'feedback.json').fsPath },
    changes: { pending: () => changes.pending(), decide: (suggestionId, accepted) => changes.decide(suggestionId, accepted), onDidChange: changes.onDidChange },
  };
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
