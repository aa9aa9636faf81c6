// The editor's side of annotation suggestions: what the CodeLenses and the lightbulb show (the
// agents' suggestions, less what the person rejected, moved by the same per-workspace feedback
// model, filtered by the whetstone.suggestions settings), and the person's answers.
// Which stand as a CodeLens: by default only kinds worth acting on (core/suggest/worth.ts), at
// most LENSES_PER_SCREEN in any SCREEN_LINES lines, the most worth first; the rest are in the
// lightbulb. Accepting writes the annotation (the short form `@type(strategy)` unless
// whetstone.suggestions.writeReason) with the mutation applyAnnotationSuggestion uses, in the
// turn every change of a buffer takes (agent/mutation-pipeline.ts inChangeTurn, applyInTurn: VS
// Code's workspace/applyEdit, one undo step, the cursor stays, no tab opens), and records it (accepted-suggestions.ts takes it back if it is undone); rejecting
// records it, which hides that suggestion on that node until its code changes and lowers the
// kind's confidence everywhere. An answer acts on the current revision, whatever was typed since
// it was shown, as long as the suggestion still stands on its node; answers take their turn
// with the agents' changes, so an Accept waits for the edit before it and reads the text it left. What "Why?" shows is written here, escaped for a
// notification: a rule's reason quotes the file, and a notification would make
// `[Accept](command:…)` in it a link.
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { AgentError, ErrorCode, feedbackStoreOf, type AgentHost, applyInTurn, inChangeTurn, identityOf, shownSuggestions, type ShownSuggestion } from '../agent';
import type { Node } from '../core/ast';
import { nodeLabel } from '../core/queries';
import { annotationMutation, canCarryAnnotations, isMinorSuggestion, suggestionWorth } from '../core/suggest';
import { applyMutations } from '../core/editing';
import { toLspRange } from '../lsp/convert';
import type { SuggestionSource } from '../lsp/suggestions';
import { labelText } from '../protocol/display-text';
import type { AnswerSuggestionParams, AnswerSuggestionResult, EditorSuggestionData } from '../protocol/messages';
import type { OpenBuffer } from '../workspace/buffer';
import { watchAccepted } from './accepted-suggestions';
import type { LspAgentHost } from './lsp-agent-host';
import type { SuggestionSettings } from './settings';

/** Longest "Why?" text: a reason lists its evidence, but a notification is no document. */
const MAX_EXPLANATION_CHARS = 1000;
/** The CodeLens budget: at most this many suggestions in any SCREEN_LINES lines. */
export const LENSES_PER_SCREEN = 2;
export const SCREEN_LINES = 30;
/** How often an Accept is tried again when the person's typing overtook its edit on the way. */
const ACCEPT_ATTEMPTS = 3;

/** What "Why?" says: the annotation, where, how sure, and the rule's reason with its evidence; one line, escaped. */
function explanationOf(suggestion: Omit<EditorSuggestionData, 'explanation' | 'range' | 'codeLens'>): string {
  const percent = (confidence: number): number => Math.round(confidence * 100);
  const moved = percent(suggestion.confidence) !== percent(suggestion.ruleConfidence);
  const sure = `${percent(suggestion.confidence)}% sure${moved ? ` (the rule says ${percent(suggestion.ruleConfidence)}%; your answers moved it)` : ''}`;
  return labelText(`@${suggestion.annotationType}(${suggestion.strategy}) on ${suggestion.nodeLabel}, ${sure}: ${suggestion.reason}`, MAX_EXPLANATION_CHARS);
}

/**
 * The suggestions that stand as a CodeLens, as indexes into `lines` (each suggestion's first
 * line): the most worth first (then the surest, then the earliest), each kept only while no
 * SCREEN_LINES-line window holds more than LENSES_PER_SCREEN.
 */
export function withinLensBudget(candidates: readonly { line: number; worth: number; confidence: number }[]): Set<number> {
  const order = candidates.map((_, index) => index).sort((a, b) => {
    const x = candidates[a];
    const y = candidates[b];
    return y.worth - x.worth || y.confidence - x.confidence || x.line - y.line;
  });
  /** How many kept suggestions stand on each line. */
  const perLine = new Map<number, number>();
  const chosen = new Set<number>();
  for (const index of order) {
    const line = candidates[index].line;
    // Every window of SCREEN_LINES lines that holds `line` must have room for one more: slide one
    // window from [line - SCREEN_LINES + 1, line] to [line, line + SCREEN_LINES - 1].
    let inWindow = 0;
    for (let at = line - SCREEN_LINES + 1; at <= line; at++) inWindow += perLine.get(at) ?? 0;
    let fits = inWindow < LENSES_PER_SCREEN;
    for (let start = line - SCREEN_LINES + 2; start <= line && fits; start++) {
      inWindow += (perLine.get(start + SCREEN_LINES - 1) ?? 0) - (perLine.get(start - 1) ?? 0);
      fits = inWindow < LENSES_PER_SCREEN;
    }
    if (!fits) continue;
    perLine.set(line, (perLine.get(line) ?? 0) + 1);
    chosen.add(index);
  }
  return chosen;
}

/** The indexes of the suggestions that stand as a CodeLens by default: no minor kind, within the budget. */
function worthReading(suggestions: readonly (ShownSuggestion & { line: number })[]): Set<number> {
  const candidates = suggestions.flatMap((s, index) => (isMinorSuggestion(s.annotationType, s.strategy) ? [] : [{ index, line: s.line, worth: suggestionWorth(s.annotationType, s.strategy), confidence: s.confidence }]));
  const kept = withinLensBudget(candidates);
  return new Set(candidates.filter((_, at) => kept.has(at)).map((candidate) => candidate.index));
}

export function editorSuggestionSource(host: AgentHost, settings: () => SuggestionSettings): SuggestionSource {
  return (buffer) => {
    const { enabled, kinds, minConfidence, codeLens } = settings();
    if (!enabled) return [];
    const shown: { suggestion: ShownSuggestion; label: string; range: EditorSuggestionData['range'] }[] = [];
    for (const suggestion of shownSuggestions(host, buffer)) {
      if (kinds.length > 0 && !kinds.includes(suggestion.annotationType)) continue;
      if (suggestion.confidence < minConfidence) continue;
      const node = buffer.document.nodeById(suggestion.nodeId);
      if (!node) continue;
      shown.push({ suggestion, label: nodeLabel(node), range: toLspRange(node.span) });
    }
    // In source order, and on one node the most worth acting on first (the lightbulb lists them so).
    shown.sort((a, b) => a.range.start.line - b.range.start.line || suggestionWorth(b.suggestion.annotationType, b.suggestion.strategy) - suggestionWorth(a.suggestion.annotationType, a.suggestion.strategy));
    const lensed = codeLens === 'all' ? new Set(shown.keys()) : worthReading(shown.map(({ suggestion, range }) => ({ ...suggestion, line: range.start.line })));
    return shown.map(({ suggestion, label, range }, index) => {
      const data = { ...suggestion, nodeLabel: label };
      return { ...data, explanation: explanationOf(data), range, codeLens: lensed.has(index) };
    });
  };
}

/** The person's answer to a suggestion, acted on at the current revision if it still stands there. */
export function answerSuggestion(host: LspAgentHost, source: SuggestionSource, params: AnswerSuggestionParams, settings: () => SuggestionSettings): Promise<AnswerSuggestionResult> {
  if (typeof params?.uri !== 'string' || typeof params.nodeId !== 'string' || typeof params.accepted !== 'boolean') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'whetstone/answerSuggestion needs uri, version, nodeId, annotationType, strategy and accepted');
  }
  // In the turn of every change: a quick second Accept, or one made while an agent's change is on
  // its way, is computed on the text the change before it left.
  return inChangeTurn(host, () => answerNow(host, source, params, settings));
}

async function answerNow(host: LspAgentHost, source: SuggestionSource, params: AnswerSuggestionParams, settings: () => SuggestionSettings): Promise<AnswerSuggestionResult> {
  for (let attempt = 1; ; attempt++) {
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
    try {
      await writeAnnotation(host, buffer, node, suggestion, settings().writeReason);
    } catch (error) {
      // The person typed while the edit was on its way: VS Code refused it; compute it again on their text.
      if (error instanceof AgentError && error.code === ErrorCode.RevisionConflict && attempt < ACCEPT_ATTEMPTS) continue;
      throw error;
    }
    const modelRevision = store.record({ ...answer, accepted: true });
    watchAccepted(host, { uri: buffer.uri, nodeId: suggestion.nodeId, ...answer });
    return { done: true, modelRevision };
  }
}

async function writeAnnotation(host: LspAgentHost, buffer: OpenBuffer, node: Node, suggestion: EditorSuggestionData, longForm: boolean): Promise<void> {
  const written = { annotationType: suggestion.annotationType, strategy: suggestion.strategy, reason: longForm ? suggestion.reason : null, confidence: longForm ? suggestion.confidence : null };
  const result = applyMutations(buffer.document, [annotationMutation(node, written)], () => buffer.document.freshId());
  await applyInTurn(host, buffer, result.edits, result.ast, `@${suggestion.annotationType}(${suggestion.strategy}) on ${suggestion.nodeLabel}`);
}
