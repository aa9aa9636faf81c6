// The editor's side of annotation suggestions: what the CodeLenses and the lightbulb show (the
// agents' suggestions, less what the person rejected, moved by the same per-workspace feedback
// model, filtered by the whetstone.suggestions settings), and the person's answers. Accepting
// writes the annotation with the mutation applyAnnotationSuggestion uses, through the host's
// applyEdits (VS Code's workspace/applyEdit: one undo step, the cursor stays, no tab opens), and
// records it; rejecting records it, which hides that suggestion on that node until its code
// changes and lowers the kind's confidence everywhere. What "Why?" shows is written here, escaped
// for a notification: a rule's reason quotes the file (a folded string literal, an expression),
// and a notification would make `[Accept](command:…)` in it a link.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { feedbackStoreOf } from '../agent/feedback-store';
import { identityOf, shownSuggestions } from '../agent/shown-suggestions';
import { annotationMutation, canCarryAnnotations } from '../core/suggest';
import { applyMutations } from '../core/editing';
import { applyTextEdits } from '../core/syntax';
import { toLspRange } from '../lsp/convert';
import type { SuggestionSource } from '../lsp/suggestions';
import { labelText } from '../protocol/display-text';
import type { AnswerSuggestionParams, AnswerSuggestionResult, EditorSuggestionData } from '../protocol/messages';
import type { OpenBuffer } from '../workspace/buffer';
import type { LspAgentHost } from './lsp-agent-host';
import type { SuggestionSettings } from './settings';

function nodeLabel(buffer: OpenBuffer, nodeId: string): string {
  const node = buffer.document.nodeById(nodeId);
  if (!node) return nodeId;
  const name = 'name' in node && typeof node.name === 'string' ? ` ${node.name}` : '';
  return `${node.type}${name} (line ${node.span.start.line})`;
}

/** Longest "Why?" text: a reason lists its evidence, but a notification is no document. */
const MAX_EXPLANATION_CHARS = 1000;

/** What "Why?" says: the annotation, where, how sure, and the rule's reason with its evidence; one line, escaped. */
function explanationOf(suggestion: Omit<EditorSuggestionData, 'explanation' | 'range'>): string {
  const percent = (confidence: number): number => Math.round(confidence * 100);
  const moved = percent(suggestion.confidence) !== percent(suggestion.ruleConfidence);
  const sure = `${percent(suggestion.confidence)}% sure${moved ? ` (the rule says ${percent(suggestion.ruleConfidence)}%; your answers moved it)` : ''}`;
  return labelText(`@${suggestion.annotationType}(${suggestion.strategy}) on ${suggestion.nodeLabel}, ${sure}: ${suggestion.reason}`, MAX_EXPLANATION_CHARS);
}

export function editorSuggestionSource(host: LspAgentHost, settings: () => SuggestionSettings): SuggestionSource {
  return (buffer) => {
    const { enabled, kinds, minConfidence } = settings();
    if (!enabled) return [];
    const result: EditorSuggestionData[] = [];
    for (const suggestion of shownSuggestions(host, buffer)) {
      if (kinds.length > 0 && !kinds.includes(suggestion.annotationType)) continue;
      if (suggestion.confidence < minConfidence) continue;
      const node = buffer.document.nodeById(suggestion.nodeId);
      if (!node) continue;
      const shown = { ...suggestion, nodeLabel: nodeLabel(buffer, suggestion.nodeId) };
      result.push({ ...shown, explanation: explanationOf(shown), range: toLspRange(node.span) });
    }
    return result;
  };
}

/** The person's answer to a suggestion shown at `params.version`. */
export async function answerSuggestion(host: LspAgentHost, source: SuggestionSource, params: AnswerSuggestionParams): Promise<AnswerSuggestionResult> {
  if (typeof params?.uri !== 'string' || typeof params.nodeId !== 'string' || typeof params.accepted !== 'boolean') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'whetstone/answerSuggestion needs uri, version, nodeId, annotationType, strategy and accepted');
  }
  const buffer = host.workspace.get(params.uri);
  if (!buffer) return { done: false, message: 'The file is no longer open.' };
  // Only what is shown now can be answered: the suggestion must still stand on this node.
  const suggestion = source(buffer).find((s) => s.nodeId === params.nodeId && s.annotationType === params.annotationType && s.strategy === params.strategy);
  if (!suggestion) return { done: false, message: 'That suggestion no longer applies to the code as it is now.' };
  const store = feedbackStoreOf(host);
  const answer = { annotationType: suggestion.annotationType, strategy: suggestion.strategy };
  if (!params.accepted) return { done: true, modelRevision: store.record({ ...answer, accepted: false, node: identityOf(buffer, suggestion.nodeId) }) };

  const node = buffer.document.nodeById(suggestion.nodeId);
  if (!node || !canCarryAnnotations(node, buffer.document.parentOf(node.id))) return { done: false, message: 'That node cannot carry an annotation.' };
  // A version the person has typed past is refused by VS Code too; say so plainly here.
  if (params.version !== buffer.revision) return { done: false, message: 'The file changed since the suggestion was shown; try again.' };
  const result = applyMutations(buffer.document, [annotationMutation(node, suggestion)], () => buffer.document.freshId());
  await host.applyEdits(buffer, result.edits, {
    expected: result.ast,
    text: applyTextEdits(buffer.document.text, result.edits),
    baseRevision: buffer.revision,
    label: `@${suggestion.annotationType}(${suggestion.strategy}) on ${suggestion.nodeLabel}`,
  });
  return { done: true, modelRevision: store.record({ ...answer, accepted: true }) };
}
