// The one writer every generator uses: lines at an indentation level (blank lines collapsed),
// and expressions as fragments that know their precedence, so parentheses are written where the
// target language's grammar needs them and nowhere else.

export class CodeWriter {
  private readonly lines: string[] = [];
  private level = 0;

  constructor(readonly indentUnit: string) {}

  /** One line at the current indentation (a text with line breaks is indented line by line). */
  line(text: string): void {
    const pad = this.indentUnit.repeat(this.level);
    for (const part of text.split('\n')) this.lines.push(part === '' ? '' : pad + part);
  }

  /** Blank lines before what comes next (never at the start, never more than `count` in a row). */
  blank(count = 1): void {
    if (this.lines.length === 0) return;
    let trailing = 0;
    for (let i = this.lines.length - 1; i >= 0 && this.lines[i] === ''; i--) trailing++;
    for (let i = trailing; i < count; i++) this.lines.push('');
  }

  /** Writes `body` one level deeper. */
  indented(body: () => void): void {
    this.level++;
    try {
      body();
    } finally {
      this.level--;
    }
  }

  /** Whether anything has been written since `mark` (a value of `length`). */
  get length(): number {
    return this.lines.length;
  }

  toString(): string {
    let end = this.lines.length;
    while (end > 0 && this.lines[end - 1] === '') end--;
    return end === 0 ? '' : `${this.lines.slice(0, end).join('\n')}\n`;
  }
}

/** An expression's text and how tightly it binds (higher binds tighter). */
export interface Fragment {
  text: string;
  precedence: number;
}

export function fragment(text: string, precedence: number): Fragment {
  return { text, precedence };
}

/** The fragment's text, parenthesised when it binds looser than `minimum`. */
export function wrap(part: Fragment, minimum: number): string {
  return part.precedence < minimum ? `(${part.text})` : part.text;
}

/**
 * A left-associative binary operation at `precedence`: the right operand is parenthesised when
 * it binds no tighter (`a - (b - c)`).
 */
export function binaryFragment(operator: string, left: Fragment, right: Fragment, precedence: number): Fragment {
  return fragment(`${wrap(left, precedence)} ${operator} ${wrap(right, precedence + 1)}`, precedence);
}

/** A comma-separated list of texts. */
export function commaList(items: readonly string[]): string {
  return items.join(', ');
}
