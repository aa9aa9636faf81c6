// Type strings as the AST holds them (`list<Item>`, `map<string, number>`, `(T)?`): reading one
// written by a client and spelling it the way convert.ts does, so a printed type reparses to the
// same string.
import { isIdentifier } from './lexical';

type Token = { kind: 'name'; text: string } | { kind: 'punct'; text: string };

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_][A-Za-z0-9_]*)|([<>,()?]))/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return text.slice(at).trim() === '' ? tokens : undefined;
    tokens.push(match[1] !== undefined ? { kind: 'name', text: match[1] } : { kind: 'punct', text: match[2] });
    at = pattern.lastIndex;
  }
  return tokens;
}

/**
 * The canonical spelling of a type (no spaces but one after each comma), or undefined when `text`
 * is not a type of the grammar: `name [< type {, type} >] | ( type )`, then an optional `?`.
 */
export function normalizeType(text: string): string | undefined {
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return undefined;
  let at = 0;
  const peek = (): string | undefined => tokens[at]?.text;
  const type = (): string | undefined => {
    let out: string;
    const token = tokens[at];
    if (!token) return undefined;
    if (token.kind === 'punct' && token.text === '(') {
      at++;
      const inner = type();
      if (inner === undefined || peek() !== ')') return undefined;
      at++;
      out = `(${inner})`;
    } else if (token.kind === 'name' && isIdentifier(token.text)) {
      at++;
      out = token.text;
      if (peek() === '<') {
        at++;
        const args: string[] = [];
        for (;;) {
          const arg = type();
          if (arg === undefined) return undefined;
          args.push(arg);
          if (peek() === ',') at++;
          else break;
        }
        if (peek() !== '>') return undefined;
        at++;
        out += `<${args.join(', ')}>`;
      }
    } else {
      return undefined;
    }
    if (peek() === '?') {
      at++;
      out += '?';
    }
    return out;
  };
  const result = type();
  return result !== undefined && at === tokens.length ? result : undefined;
}
