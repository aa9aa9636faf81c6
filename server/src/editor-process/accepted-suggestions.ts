// Accepts that are taken back: an annotation the person accepted and then undid (or deleted) is
// not counted as accepted in the feedback model, and counts again if it comes back (redo). Each
// accept is watched on its node, found by id (ids survive undo and redo), while the node exists,
// at most MAX_WATCHED at once (the oldest forgotten first).
import { feedbackStoreOf, perHost } from '../agent';
import type { OpenBuffer } from '../workspace/buffer';
import type { LspAgentHost } from './lsp-agent-host';

export const MAX_WATCHED = 100;

export interface AcceptedSuggestion {
  uri: string;
  /** The node the annotation was written on. */
  nodeId: string;
  annotationType: string;
  strategy: string;
}

interface Watched extends AcceptedSuggestion {
  /** Whether the model counts it as accepted now. */
  counted: boolean;
}

class AcceptedWatch {
  private watched: Watched[] = [];

  constructor(private readonly host: LspAgentHost) {
    host.workspace.onDidChange(({ buffer }) => this.check(buffer));
    host.workspace.onDidClose((uri) => {
      this.watched = this.watched.filter((entry) => entry.uri !== uri);
    });
  }

  add(accepted: AcceptedSuggestion): void {
    this.watched.push({ ...accepted, counted: true });
    if (this.watched.length > MAX_WATCHED) this.watched.shift();
  }

  private check(buffer: OpenBuffer): void {
    const store = feedbackStoreOf(this.host);
    for (const entry of [...this.watched]) {
      if (entry.uri !== buffer.uri) continue;
      const node = buffer.document.nodeById(entry.nodeId);
      if (!node) {
        // The node itself is gone: the answer was about it, and stands as it was.
        this.watched = this.watched.filter((other) => other !== entry);
        continue;
      }
      const carries = 'annotations' in node && node.annotations.some((a) => a.annotationType === entry.annotationType && a.strategy === entry.strategy);
      if (entry.counted && !carries) {
        store.retractAcceptance(entry.annotationType, entry.strategy);
        entry.counted = false;
      } else if (!entry.counted && carries) {
        store.record({ annotationType: entry.annotationType, strategy: entry.strategy, accepted: true });
        entry.counted = true;
      }
    }
  }
}

const watchOf = perHost((host) => new AcceptedWatch(host as LspAgentHost));

/** Watches an accepted suggestion's annotation, to take the accept back if it is undone. */
export function watchAccepted(host: LspAgentHost, accepted: AcceptedSuggestion): void {
  watchOf(host).add(accepted);
}
