// The person's answers to annotation suggestions. The server shows each suggestion as a CodeLens
// (Accept · Reject · Why) above its node and as code actions in the lightbulb; they run these
// commands with the suggestion. Run from the keyboard (no argument: Ctrl+Alt+Y / N / H, never
// Tab) they act on the suggestion at the cursor. Accepting asks the server, which writes the
// annotation through VS Code as one undo step, leaving the cursor and the tabs as they are.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  AnswerSuggestionRequest,
  SUGGESTION_COMMANDS,
  SuggestionsRequest,
  type AnswerSuggestionResult,
  type EditorSuggestionData,
  type SuggestionCommandArgs,
} from '../../server/src/protocol/messages';
import { labelText } from '../../server/src/protocol/display-text';

/** Longest text a notification of this file shows (the server cuts the explanation before this). */
const MAX_SHOWN_CHARS = 2000;

function isArgs(value: unknown): value is SuggestionCommandArgs {
  const args = value as SuggestionCommandArgs | undefined;
  return typeof args?.uri === 'string' && typeof args.version === 'number' && typeof args.suggestion?.nodeId === 'string';
}

/** What "Why" says: the server's explanation (the annotation, where, how sure, the reason), shown as plain text. */
export function explanation(suggestion: EditorSuggestionData): string {
  return labelText(suggestion.explanation, MAX_SHOWN_CHARS);
}

export class SuggestionCommands implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: LanguageClient) {
    this.subscriptions = [
      vscode.commands.registerCommand(SUGGESTION_COMMANDS.accept, (args?: unknown) => this.answer(args, true)),
      vscode.commands.registerCommand(SUGGESTION_COMMANDS.reject, (args?: unknown) => this.answer(args, false)),
      vscode.commands.registerCommand(SUGGESTION_COMMANDS.why, (args?: unknown) => this.why(args)),
    ];
  }

  /** The suggestions the editor shows for a document now (the extension's API offers it to tests). */
  async list(uri: vscode.Uri): Promise<{ version: number; suggestions: EditorSuggestionData[] }> {
    const result = await this.client.sendRequest(SuggestionsRequest, { uri: uri.toString() });
    return { version: result.version, suggestions: result.suggestions };
  }

  /** The command's argument, or the suggestion whose node starts nearest above the cursor. */
  private async target(args: unknown): Promise<SuggestionCommandArgs | undefined> {
    if (isArgs(args)) return args;
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId !== 'whetstone') return undefined;
    const { version, suggestions } = await this.list(editor.document.uri);
    const line = editor.selection.active.line;
    const around = suggestions
      .filter((s) => s.range.start.line <= line && s.range.end.line >= line)
      .sort((a, b) => b.range.start.line - a.range.start.line || b.confidence - a.confidence);
    const suggestion = around[0];
    if (!suggestion) {
      void vscode.window.showInformationMessage('Whetstone: no annotation suggestion at the cursor.');
      return undefined;
    }
    return { uri: editor.document.uri.toString(), version, suggestion };
  }

  private async answer(raw: unknown, accepted: boolean): Promise<AnswerSuggestionResult | undefined> {
    const args = await this.target(raw);
    if (!args) return undefined;
    const { suggestion } = args;
    const result = await this.client.sendRequest(AnswerSuggestionRequest, {
      uri: args.uri,
      version: args.version,
      nodeId: suggestion.nodeId,
      annotationType: suggestion.annotationType,
      strategy: suggestion.strategy,
      accepted,
    });
    if (!result.done) void vscode.window.showInformationMessage(`Whetstone: ${labelText(result.message ?? 'that suggestion no longer applies.', MAX_SHOWN_CHARS)}`);
    return result;
  }

  /** Shows the reason (not modal: the editor keeps the focus) and returns it. */
  private async why(raw: unknown): Promise<string | undefined> {
    const args = await this.target(raw);
    if (!args) return undefined;
    const text = explanation(args.suggestion);
    void vscode.window.showInformationMessage(text, 'Accept', 'Reject').then((choice) => {
      if (choice === 'Accept' || choice === 'Reject') void this.answer(args, choice === 'Accept');
    });
    return text;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
