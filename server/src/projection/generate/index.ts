// Whetstone AST to source text of any supported language.
import type { Program } from '../../core/ast';
import { printDocument } from '../../core/editing';
import type { Comment } from '../../core/syntax';
import type { Language } from '../languages';
import type { GenerateOptions, GenerateResult } from './common';
import { generateJavaScript } from './javascript';
import { generatePython } from './python';

export type { GenerateOptions, GenerateResult } from './common';

/**
 * Source text for `program` in `language`. Whetstone is the core's printer (comments kept when
 * given); the other languages come from their generators, with W_UNFAITHFUL diagnostics for what
 * they could not carry.
 */
export function generate(program: Program, language: Language, options: GenerateOptions & { comments?: readonly Comment[]; source?: string } = {}): GenerateResult {
  switch (language) {
    case 'whetstone':
      return { code: printDocument(program, options.comments ?? [], options.source), diagnostics: [] };
    case 'javascript':
      return generateJavaScript(program, false);
    case 'typescript':
      return generateJavaScript(program, true);
    case 'python':
      return generatePython(program, options);
  }
}
