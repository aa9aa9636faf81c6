// What each session has done lately, for the person's view of attached agents (VS Code's Agents
// view): its most recent calls, each with the method, what it named (a node, a plan, a file),
// its outcome and when. Kept in the session's state, bounded, and gone with the session. Method
// names and targets come from the agent, so they are stored already made safe to show.
import type { CallOutcome } from '../method';
import { displayText } from '../plans/plan-display';
import type { Session } from '../session';

/** Calls remembered per session, newest first; older ones are forgotten. */
export const MAX_RECENT_CALLS = 20;
const MAX_SHOWN_CHARS = 80;
const KEY = 'recentCalls';

export interface RecentCall {
  method: string;
  target: string;
  outcome: 'ok' | number;
  atMs: number;
}

/** The one thing a call's params name, in the order a person would look for it. */
function targetOf(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const record = params as Record<string, unknown>;
  for (const field of ['nodeId', 'planId', 'suggestionId', 'uri', 'workflowId', 'language']) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') return displayText(value, MAX_SHOWN_CHARS);
  }
  if (Array.isArray(record.mutations)) return `${record.mutations.length} mutation(s)`;
  return '';
}

export function recordCall(session: Session, method: string, params: unknown, outcome: CallOutcome): void {
  const calls = recentCalls(session);
  calls.unshift({ method: displayText(method, MAX_SHOWN_CHARS), target: targetOf(params), outcome: 'error' in outcome ? outcome.error.code : 'ok', atMs: Date.now() });
  if (calls.length > MAX_RECENT_CALLS) calls.length = MAX_RECENT_CALLS;
  session.state.set(KEY, calls);
}

/** The session's recent calls, newest first (the live list: copy it to keep it). */
export function recentCalls(session: Session): RecentCall[] {
  const calls = session.state.get(KEY);
  return Array.isArray(calls) ? (calls as RecentCall[]) : [];
}
