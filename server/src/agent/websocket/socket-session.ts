// The Session of one WebSocket connection: identity, role (linter until the agent asks for more,
// capped by the endpoint's maxRole), per-session state, and notifications sent on its socket.
import { randomBytes } from 'node:crypto';
import type { AgentRole } from '../roles';
import type { Session, SessionInfo } from '../session';

export class SocketSession implements Session {
  readonly id = `sess_${randomBytes(8).toString('hex')}`;
  name = '';
  role: AgentRole = 'linter';
  readonly connectedAtMs = Date.now();
  lastMessageAtMs = this.connectedAtMs;
  messageCount = 0;
  connected = true;
  readonly state = new Map<string, unknown>();
  readonly transport = 'websocket';

  constructor(
    public maxRole: AgentRole,
    private readonly sendText: (text: string) => void,
    private readonly close: (reason: string) => void = () => undefined,
  ) {}

  disconnect(reason: string): void {
    if (this.connected) this.close(reason);
  }

  notify(method: string, params: unknown): void {
    if (!this.connected) return;
    this.sendText(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

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
