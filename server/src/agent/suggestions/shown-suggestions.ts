// The annotation suggestions a person or an agent is shown for a buffer: the engine's (cached per
// revision by the buffer), less those the person rejected on that node while its code was as it
// is now, with confidences moved by the workspace's feedback model, and those feedback has pushed
// below MIN_SHOWN_CONFIDENCE left out. getAnnotationSuggestions and the editor's CodeLens both
// show these.
import type { Suggestion } from '../../core/suggest';
import { adjust } from '../../core/suggest';
import type { OpenBuffer } from '../../workspace/buffer';
import { feedbackStoreOf, type NodeIdentity } from './feedback-store';
import type { AgentHost } from '../host';

/** Suggestions whose confidence feedback has pushed below this are no longer shown. */
export const MIN_SHOWN_CONFIDENCE = 0.1;

export interface ShownSuggestion extends Suggestion {
  /** The rule's own confidence, before the feedback model moved it. */
  ruleConfidence: number;
}

export function shownSuggestions(host: AgentHost, buffer: OpenBuffer): ShownSuggestion[] {
  const store = feedbackStoreOf(host);
  const model = store.current();
  return buffer
    .suggestions()
    .filter((s) => {
      const node = identityOf(buffer, s.nodeId);
      return !(node && store.isDismissed(node, s.annotationType, s.strategy));
    })
    .map((s) => ({ ...adjust(model, s), ruleConfidence: s.confidence }))
    .filter((s) => s.confidence >= MIN_SHOWN_CONFIDENCE);
}

/** A node of the buffer as a rejection is remembered against it: where it is and its code now. */
export function identityOf(buffer: OpenBuffer, nodeId: string): NodeIdentity | undefined {
  const node = buffer.document.nodeById(nodeId);
  const place = buffer.document.placeOf(nodeId);
  return node && place !== undefined ? { uri: buffer.uri, place, code: buffer.document.textOf(node) } : undefined;
}
