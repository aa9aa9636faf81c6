// Review mode (docs/AGENT-ENDPOINT.md "Review mode"): a change sent with `review: true` is checked
// exactly as a real one (it runs through the pipeline as a preview, plus the plan gate, which a
// preview skips), the errors it would introduce here and in open importers found
// (review-preflight.ts), stored as a pending suggestion and put to the person; the request answers at once
// with {pending: true, suggestionId}. When the person accepts, the same mutations run again through
// the pipeline on the buffer as it is THEN: node ids are stable, so text the person typed elsewhere
// meanwhile does not block the change, while one that removed its nodes or made it invalid does.
// The proposing session hears the outcome as `suggestionDecided`.
import { resolveBuffer } from '../buffers';
import { AgentError, ErrorCode } from '../errors';
import type { ChangeSuggestion, ReviewDecision } from '../host';
import type { MethodContext } from '../method';
import { runChange, type PipelineOptions, type PreviewedChange } from '../mutation-pipeline';
import { checkApprovedPlan } from '../plans/plan-gate';
import { reviewPreflight } from '../review-preflight';
import { MAX_PENDING_SUGGESTIONS_PER_SESSION, suggestionStoreOf, type StoredSuggestion, type SuggestionStore } from './suggestion-store';

export interface ProposedChange {
  change: PreviewedChange;
  suggestionId: string;
}

/**
 * Checks the change as runChange would apply it, stores it as a pending suggestion and asks the
 * person (after this request is answered). Throws the same AgentErrors a real change throws.
 */
export async function proposeReviewedChange(context: MethodContext, mutations: readonly Record<string, unknown>[], options: PipelineOptions): Promise<ProposedChange> {
  const { host, session } = context;
  const store = suggestionStoreOf(host);
  if (store.pendingCount(session.id) >= MAX_PENDING_SUGGESTIONS_PER_SESSION) {
    throw new AgentError(ErrorCode.InvalidRequest, `Invalid Request: this session already has ${MAX_PENDING_SUGGESTIONS_PER_SESSION} changes waiting for review`, {
      hint: 'Wait for suggestionDecided on the changes you sent for review before sending more.',
    });
  }
  const change = await runChange(context, mutations, { ...options, dryRun: true });
  if (!change.dryRun) throw new Error('a dry run applied a change');
  const buffer = resolveBuffer(host, change.uri);
  // The preview reports what a plan would have to list; a reviewed change needs that plan now.
  checkApprovedPlan(context, options.planId, change.planTargets, buffer);

  const document = buffer.document;
  const text = buffer.text;
  const suggestion: ChangeSuggestion = {
    suggestionId: store.newId(),
    sessionId: session.id,
    agentName: session.name,
    uri: change.uri,
    baseRevision: change.revision,
    edits: change.edits.map((edit) => {
      const lineStart = text.lastIndexOf('\n', edit.startOffset - 1) + 1;
      const newline = text.indexOf('\n', edit.endOffset);
      const lineEnd = newline < 0 ? text.length : newline;
      return {
        ...edit,
        start: document.positionAt(edit.startOffset),
        end: document.positionAt(edit.endOffset),
        oldText: text.slice(edit.startOffset, edit.endOffset),
        linesBefore: text.slice(lineStart, lineEnd),
        linesAfter: text.slice(lineStart, edit.startOffset) + edit.newText + text.slice(edit.endOffset, lineEnd),
      };
    }),
    label: options.label,
    introducedErrors: reviewPreflight(host.workspace, buffer, change.edits, host.library()),
  };
  const entry: StoredSuggestion = {
    suggestion,
    session,
    mutations: mutations.map((mutation) => ({ ...mutation })),
    // The revision check was for the proposal; acceptance re-runs on the buffer as it is then. That
    // is the buffer the person was shown, named by uri: the active one may be another file by then,
    // whose nodes have the same ids.
    options: { ...options, uri: change.uri, ifRevision: undefined, dryRun: false },
    withdrawal: new AbortController(),
  };
  store.add(entry);
  // The next turn, so the pending answer goes out before a decision made at once (--approve auto).
  setImmediate(() => askThePerson(context, store, entry));
  return { change, suggestionId: suggestion.suggestionId };
}

function askThePerson(context: MethodContext, store: SuggestionStore, entry: StoredSuggestion): void {
  let decision: Promise<ReviewDecision>;
  try {
    decision = context.host.reviewChange(entry.suggestion, entry.withdrawal.signal);
  } catch (error) {
    decision = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  decision.then(
    (answer) => void decide(context, store, entry.suggestion.suggestionId, answer.accepted === true),
    (error: unknown) => {
      // A host that could not ask counts as a rejection, never as an acceptance.
      if (!store.take(entry.suggestion.suggestionId)) return;
      notify(entry, { accepted: false, reason: `The person could not be asked (${error instanceof Error ? error.message : 'unknown failure'})` });
    },
  );
}

async function decide(context: MethodContext, store: SuggestionStore, suggestionId: string, accepted: boolean): Promise<void> {
  // Withdrawn (its agent left) or decided already: a late answer changes nothing.
  const entry = store.take(suggestionId);
  if (!entry) return;
  if (!accepted) {
    notify(entry, { accepted: false });
    return;
  }
  try {
    const applied = await runChange({ host: context.host, session: entry.session }, entry.mutations, entry.options);
    notify(entry, { accepted: true, revision: applied.revision });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notify(entry, { accepted: false, reason: `The change no longer applies: ${reason}` });
  }
}

function notify(entry: StoredSuggestion, outcome: { accepted: boolean; revision?: number; reason?: string }): void {
  if (!entry.session.connected) return;
  entry.session.notify('suggestionDecided', { suggestionId: entry.suggestion.suggestionId, ...outcome });
}
