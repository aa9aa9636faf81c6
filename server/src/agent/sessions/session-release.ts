// What a session holds is released when it leaves (docs/AGENT-ENDPOINT.md "Bounds"): its suggestions are
// withdrawn (nobody would hear the person's decision), its plans forgotten (only that session
// could have used them), and its state (workflow recording, undo history) dropped. Hosts keep
// per-host stores, so without this every agent that ever connected would stay in memory.
import type { AgentHost } from '../host';
import { planStoreOf } from '../plans/plan-store';
import type { Session } from '../session';
import { suggestionStoreOf } from '../suggestions/suggestion-store';

export function releaseSession(host: AgentHost, session: Session): void {
  suggestionStoreOf(host).withdrawSession(session.id);
  planStoreOf(host).forgetSession(session.id);
  session.state.clear();
}
