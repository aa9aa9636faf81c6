// Text an agent or a file supplied, made safe to show to a person: one helper per place it is
// shown, used by every room that shows such text (the client, the language server, the agent
// protocol's display forms, the command line). None of them trusts the text:
//
// - Characters that are invisible or move other text become visible escapes (`\n`, `\e`,
//   `\u{202e}`): C0 and C1 controls and DEL (terminal escapes, line breaks that would forge a
//   line or a prompt), format characters (the bidirectional controls that reorder a line, "Trojan
//   Source"; zero-width characters; the tag characters U+E0000–E007F that hide text), line and
//   paragraph separators, and lone surrogates.
// - A line is one line and has a bound: longer text is cut, with a count of what was left out.
// - Syntax of the place it is shown in is made inert: `$(` (VS Code's icon syntax in labels) and
//   `](` (a link in a notification, `[Accept](command:…)`) in labels; every Markdown punctuation
//   mark in Markdown, so no link, image, command link or HTML comes out of it.
//
// A pure module with no imports: every room and the client may import it (eslint.config.mjs).

/** Longest text on one line by default (a reason, a label, a plan step). */
export const MAX_LINE_CHARS = 300;

/** Characters shown as escapes: controls, format characters (bidi, zero-width, tags), separators, lone surrogates. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** A hidden character as the person sees it. */
function escapeCharacter(character: string): string {
  switch (character) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\u001b':
      return '\\e';
    default:
      return `\\u{${character.codePointAt(0)!.toString(16).padStart(4, '0')}}`;
  }
}

/** `text` cut to at most `max` UTF-16 units (never inside a surrogate pair), and how many units were left out. */
function cut(text: string, max: number): { kept: string; left: number } {
  if (text.length <= max) return { kept: text, left: 0 };
  let end = Math.max(0, max);
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
  return { kept: text.slice(0, end), left: text.length - end };
}

function withCount(shown: string, left: number): string {
  return left > 0 ? `${shown}… (${left} more characters)` : shown;
}

/** Every hidden character of `text` made visible (nothing cut, no other change). */
export function visibleCharacters(text: string): string {
  return HIDDEN.test(text) ? text.replace(HIDDEN_ALL, escapeCharacter) : text;
}

/**
 * For a terminal or a log: one line, every control, bidi, tag and zero-width character visible as
 * an escape, at most `max` characters of the text (then a count of the rest).
 */
export function terminalLine(text: string, max: number = MAX_LINE_CHARS): string {
  const { kept, left } = cut(text, max);
  return withCount(visibleCharacters(kept), left);
}

/**
 * For VS Code's plain UI text (a notification, a CodeLens title or tooltip, a tree item, a
 * QuickPick item, a decoration): what terminalLine makes of it, with `$(` (an icon) and `](` (a
 * link, in a notification) broken by a space so neither renders.
 */
export function labelText(text: string, max: number = MAX_LINE_CHARS): string {
  return terminalLine(text, max).replace(/\$\(/g, '$ (').replace(/\]\(/g, '] (');
}

/** Every ASCII punctuation mark: CommonMark reads each as itself when a backslash precedes it. */
const MARKDOWN_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/**
 * For Markdown (a hover, a MarkdownString): every punctuation mark escaped, so the text is read
 * as plain text (no link, image, command link, emphasis, heading or HTML, and no bare URL turns
 * into a link), hidden characters visible; its lines kept as lines. Show it in a MarkdownString
 * that is not trusted and supports no HTML.
 */
export function markdownText(text: string, max: number = MAX_LINE_CHARS * 10): string {
  const { kept, left } = cut(text, max);
  const lines = kept.split(/\r\n|\r|\n/).map((line) => visibleCharacters(line).replace(MARKDOWN_PUNCTUATION, '\\$&'));
  // A line of its own is a paragraph of its own (a single line break would join the lines).
  return withCount(lines.join('\n\n'), left);
}

/**
 * For Markdown, as a fenced code block: the lines as they are (tabs kept), hidden characters
 * visible, inside a fence longer than any run of backticks in them, so nothing inside can close it.
 */
export function markdownCode(text: string, language: string, maxLines = 40): string {
  const all = text.split(/\r\n|\r|\n/);
  const lines = all.slice(0, maxLines).map((line) => visibleCharacters(line.replace(/\t/g, '    ')));
  if (all.length > lines.length) lines.push(`… (${all.length - lines.length} more lines)`);
  const longest = Math.max(2, ...lines.flatMap((line) => [...line.matchAll(/`+/g)].map((match) => match[0].length)));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language.replace(/[^A-Za-z0-9-]/g, '')}`, ...lines, fence].join('\n');
}
