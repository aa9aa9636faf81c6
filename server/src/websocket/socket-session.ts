// The Session of one WebSocket connection: identity, role (linter until the agent asks for more,
// capped by the endpoint's maxRole), per-session state, and notifications sent on its socket.
import { AgentSession, type AgentRole } from '../agent';

export class SocketSession extends AgentSession {
  readonly transport = 'websocket' as const;

  constructor(
    maxRole: AgentRole,
    private readonly sendText: (text: string) => void,
    private readonly close: (reason: string) => void = () => undefined,
  ) {
    super(maxRole);
  }

  disconnect(reason: string): void {
    if (this.connected) this.close(reason);
  }

  notify(method: string, params: unknown): void {
    if (!this.connected) return;
    this.sendText(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }
}
