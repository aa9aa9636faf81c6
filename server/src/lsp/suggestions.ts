// Annotation suggestions in the editor: a CodeLens trio (Accept · Reject · Why) above the node of
// each suggestion the source marks for one, and the same three as code actions in the lightbulb on
// the node's first line, for every suggestion. What is suggested, with the person's feedback and settings applied, comes from the source
// the process hands in (editor-process/editor-suggestions.ts); nothing here computes a fact.
// Each lens and action runs a client command (SUGGESTION_COMMANDS) with the suggestion and the
// document version it was shown on (the server acts on the current one, while the suggestion
// stands): accepting writes through the server, one undo step.
import { CodeActionKind, type CodeAction, type CodeActionParams, type CodeLens } from 'vscode-languageserver/node';
import { labelText } from '../protocol/display-text';
import { SUGGESTION_COMMANDS, type EditorSuggestionData, type SuggestionCommandArgs } from '../protocol/messages';
import type { OpenBuffer } from '../workspace/buffer';

/** The suggestions the editor shows for a buffer now (settings and feedback applied). */
export type SuggestionSource = (buffer: OpenBuffer) => EditorSuggestionData[];

/** Code actions of this kind are the suggestions' (VS Code shows refactorings in the lightbulb). */
export const SUGGESTION_ACTION_KIND = `${CodeActionKind.RefactorRewrite}.whetstone.annotation`;

function percent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** `@type(strategy)`, as a CodeLens or code action title may show it (escaped: labelText). */
export function annotationText(suggestion: EditorSuggestionData): string {
  return labelText(`@${suggestion.annotationType}(${suggestion.strategy})`);
}

function argsOf(buffer: OpenBuffer, suggestion: EditorSuggestionData): SuggestionCommandArgs {
  return { uri: buffer.uri, version: buffer.revision, suggestion };
}

export function suggestionLenses(buffer: OpenBuffer, source: SuggestionSource): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const suggestion of source(buffer)) {
    if (!suggestion.codeLens) continue;
    const line = suggestion.range.start.line;
    const range = { start: { line, character: 0 }, end: { line, character: 0 } };
    const args = [argsOf(buffer, suggestion)];
    lenses.push(
      { range, command: { title: `$(lightbulb) Accept ${annotationText(suggestion)} · ${percent(suggestion.confidence)}`, command: SUGGESTION_COMMANDS.accept, arguments: args } },
      { range, command: { title: 'Reject', command: SUGGESTION_COMMANDS.reject, arguments: args } },
      { range, command: { title: 'Why?', command: SUGGESTION_COMMANDS.why, arguments: args } },
    );
  }
  return lenses;
}

export function suggestionActions(buffer: OpenBuffer, params: CodeActionParams, source: SuggestionSource): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((kind) => SUGGESTION_ACTION_KIND === kind || SUGGESTION_ACTION_KIND.startsWith(`${kind}.`) || kind === CodeActionKind.Empty)) return [];
  const line = params.range.start.line;
  const actions: CodeAction[] = [];
  for (const suggestion of source(buffer)) {
    if (suggestion.range.start.line !== line) continue;
    const args = [argsOf(buffer, suggestion)];
    const what = `${annotationText(suggestion)} on ${labelText(suggestion.nodeLabel)}`;
    actions.push(
      { title: `Add ${what} (${percent(suggestion.confidence)})`, kind: SUGGESTION_ACTION_KIND, command: { title: 'Accept', command: SUGGESTION_COMMANDS.accept, arguments: args } },
      { title: `Reject ${what}`, kind: SUGGESTION_ACTION_KIND, command: { title: 'Reject', command: SUGGESTION_COMMANDS.reject, arguments: args } },
      { title: `Why ${annotationText(suggestion)}?`, kind: SUGGESTION_ACTION_KIND, command: { title: 'Why', command: SUGGESTION_COMMANDS.why, arguments: args } },
    );
  }
  return actions;
}
