// The attached sessions as the person's view of agents shows them (VS Code's Agents view): who,
// with which role and transport, since when, how many messages; its recent calls; what it waits
// on (pending plans and changes for review); and the kinds of plans the person approved for it.
// Agent text (names, reasons, labels) is made safe to show here, once.
import type { AgentHost } from '../host';
import { displayText } from '../plans/plan-display';
import { planStoreOf } from '../plans/plan-store';
import { recentCalls, type RecentCall } from './session-activity';
import { standingApprovals, type PlanKind } from '../plans/standing-approvals';
import { suggestionStoreOf } from '../suggestions/suggestion-store';

const MAX_SHOWN_CHARS = 120;

export interface SessionOverview {
  sessionId: string;
  name: string;
  role: string;
  maxRole: string;
  transport: 'websocket' | 'mcp';
  connectedAtMs: number;
  messageCount: number;
  recentCalls: RecentCall[];
  pendingPlans: { planId: string; reason: string }[];
  pendingChanges: { suggestionId: string; label: string }[];
  standingApprovals: PlanKind[];
}

export function sessionOverview(host: AgentHost): SessionOverview[] {
  const plans = planStoreOf(host);
  const changes = suggestionStoreOf(host);
  return host
    .sessions()
    .filter((session) => session.connected)
    .map((session) => ({
      sessionId: session.id,
      name: displayText(session.name, MAX_SHOWN_CHARS),
      role: session.role,
      maxRole: session.maxRole ?? 'generator',
      transport: session.transport,
      connectedAtMs: session.connectedAtMs,
      messageCount: session.messageCount,
      recentCalls: recentCalls(session).map((call) => ({ ...call })),
      pendingPlans: plans
        .ofSession(session.id)
        .filter((plan) => plan.status === 'pending')
        .map((plan) => ({ planId: plan.planId, reason: displayText(plan.reason, MAX_SHOWN_CHARS) })),
      pendingChanges: changes.ofSession(session.id).map((change) => ({ suggestionId: change.suggestionId, label: displayText(change.label, MAX_SHOWN_CHARS) })),
      standingApprovals: standingApprovals(session),
    }));
}
