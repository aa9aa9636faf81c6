// A connected agent: its identity (ids, name, message counts and timestamps as the reference's
// session info shows them), its role (linter until it asks for more, capped by the role ceiling)
// and a way to send it notifications.
import { randomBytes } from 'node:crypto';
import type { AgentRole } from './roles';

export interface SessionInfo {
  sessionId: string;
  agentName: string;
  connected: boolean;
  connectedAtMs: number;
  lastMessageAtMs: number;
  messageCount: number;
}

export interface Session {
  readonly id: string;
  name: string;
  role: AgentRole;
  /**
   * The highest role setAgentRole may grant this session (the endpoint's maxRole, or linter once
   * the person made it read-only); generator when absent.
   */
  maxRole?: AgentRole;
  /** How the agent is attached. */
  readonly transport: 'websocket' | 'mcp';
  readonly connectedAtMs: number;
  lastMessageAtMs: number;
  messageCount: number;
  connected: boolean;
  /** Session-scoped state that method groups keep (plans, workflow recording, undo history). */
  readonly state: Map<string, unknown>;
  /** Sends a JSON-RPC notification to this agent. */
  notify(method: string, params: unknown): void;
  /** Ends the session from our side (the person disconnected it): its socket or MCP session closes. */
  disconnect(reason: string): void;
  info(): SessionInfo;
}

/**
 * What every transport's session has alike: a fresh id, the name and role it starts with, its
 * counters and state. A transport adds how notifications reach its agent and how it is closed.
 */
export abstract class AgentSession implements Session {
  readonly id = `sess_${randomBytes(8).toString('hex')}`;
  name = '';
  role: AgentRole = 'linter';
  readonly connectedAtMs = Date.now();
  lastMessageAtMs = this.connectedAtMs;
  messageCount = 0;
  connected = true;
  readonly state = new Map<string, unknown>();
  abstract readonly transport: 'websocket' | 'mcp';

  constructor(public maxRole: AgentRole) {}

  abstract notify(method: string, params: unknown): void;
  abstract disconnect(reason: string): void;

  info(): SessionInfo {
    return {
      sessionId: this.id,
      agentName: this.name,
      connected: this.connected,
      connectedAtMs: this.connectedAtMs,
      lastMessageAtMs: this.lastMessageAtMs,
      messageCount: this.messageCount,
    };
  }
}
