// The pending review-mode suggestions of one host (docs/AGENT-ENDPOINT.md "Review mode"): what each
// proposes, who proposed it, and how to withdraw the question put to the person. Kept per host,
// like plans, so the endpoint can withdraw a session's suggestions when it disconnects. Only
// pending suggestions are kept: once decided or withdrawn an id is never looked up again.
import type { ChangeSuggestion } from '../host';
import type { PipelineOptions } from '../mutation-pipeline';
import type { Session } from '../session';
import { perHost } from '../per-host';

/** Suggestions one session may have waiting at once: each one is a question to a person. */
export const MAX_PENDING_SUGGESTIONS_PER_SESSION = 32;

export interface StoredSuggestion {
  suggestion: ChangeSuggestion;
  session: Session;
  /** The mutations as the agent sent them, re-run on the buffer as it is when the person accepts. */
  mutations: Record<string, unknown>[];
  options: PipelineOptions;
  /** Aborted when the suggestion is withdrawn, so the host removes it from view. */
  withdrawal: AbortController;
}

export class SuggestionStore {
  private readonly pending = new Map<string, StoredSuggestion>();
  private next = 0;

  newId(): string {
    return `sugg_${++this.next}`;
  }

  add(entry: StoredSuggestion): void {
    this.pending.set(entry.suggestion.suggestionId, entry);
  }

  /** The session's pending suggestions, oldest first. */
  ofSession(sessionId: string): ChangeSuggestion[] {
    return [...this.pending.values()].filter((entry) => entry.session.id === sessionId).map((entry) => entry.suggestion);
  }

  pendingCount(sessionId: string): number {
    return [...this.pending.values()].filter((entry) => entry.session.id === sessionId).length;
  }

  /** Removes a pending suggestion to decide it; undefined when it is no longer pending. */
  take(suggestionId: string): StoredSuggestion | undefined {
    const entry = this.pending.get(suggestionId);
    this.pending.delete(suggestionId);
    return entry;
  }

  /** Withdraws every suggestion of a session (it disconnected: nobody would hear the decision). */
  withdrawSession(sessionId: string): void {
    for (const entry of [...this.pending.values()]) {
      if (entry.session.id !== sessionId) continue;
      this.pending.delete(entry.suggestion.suggestionId);
      entry.withdrawal.abort();
    }
  }
}

/** The suggestion store of a host, created on first use. */
export const suggestionStoreOf = perHost((_host) => new SuggestionStore());
