// Semantic tokens (full document): each name the core resolved, classified by what it denotes,
// so a parameter, a global, a field and a type look different even where the TextMate grammar
// cannot tell them apart. The legend uses standard token types and modifiers only.
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver/node';
import { nameOccurrences, type NameOccurrence } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';

export const TOKEN_TYPES = ['namespace', 'type', 'parameter', 'variable', 'property', 'function', 'decorator'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary'] as const;

type TokenType = (typeof TOKEN_TYPES)[number];
type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

/** The token type and modifiers of one occurrence, or undefined for a name nothing declares. */
function classify(occurrence: NameOccurrence): { type: TokenType; modifiers: TokenModifier[] } | undefined {
  const modifiers: TokenModifier[] = occurrence.declaration ? ['declaration'] : [];
  if (occurrence.kind === 'annotation') return { type: 'decorator', modifiers };
  if (occurrence.kind === 'typeName') return { type: 'type', modifiers: occurrence.builtinType ? [...modifiers, 'defaultLibrary'] : modifiers };
  const symbol = occurrence.symbol;
  if (!symbol) return undefined;
  switch (symbol.kind) {
    case 'function':
      return { type: 'function', modifiers };
    case 'builtin':
      return { type: 'function', modifiers: [...modifiers, 'defaultLibrary'] };
    case 'parameter':
      return { type: 'parameter', modifiers };
    case 'variable':
    case 'iterator':
      return { type: 'variable', modifiers };
    case 'constant':
      return { type: 'variable', modifiers: [...modifiers, 'readonly'] };
    case 'type':
      return { type: 'type', modifiers };
    case 'field':
      return { type: 'property', modifiers };
    case 'import':
      if (symbol.type.kind === 'module') return { type: 'namespace', modifiers };
      return { type: symbol.type.kind === 'function' ? 'function' : 'variable', modifiers };
  }
}

export function semanticTokens(buffer: OpenBuffer): SemanticTokens {
  const data: number[] = [];
  let previousLine = 0;
  let previousStart = 0;
  for (const occurrence of nameOccurrences(buffer.document, buffer.analysis())) {
    const { start, end } = occurrence.span;
    // Tokens are single-line; names always are.
    if (start.line !== end.line) continue;
    const token = classify(occurrence);
    if (!token) continue;
    const line = start.line - 1;
    const deltaLine = line - previousLine;
    const deltaStart = deltaLine === 0 ? start.column - previousStart : start.column;
    let modifierBits = 0;
    for (const modifier of token.modifiers) modifierBits |= 1 << TOKEN_MODIFIERS.indexOf(modifier);
    data.push(deltaLine, deltaStart, end.column - start.column, TOKEN_TYPES.indexOf(token.type), modifierBits);
    previousLine = line;
    previousStart = start.column;
  }
  return { data };
}
