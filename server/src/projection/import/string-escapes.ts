// Decoding string literals of JavaScript and Python source into their values.

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', a: '\x07' };

/**
 * The value of a string body (between the quotes) with backslash escapes: \n \t \r \b \f \v \0,
 * \xHH, \uHHHH, \u{H…} (JavaScript), \UHHHHHHHH (Python), escaped quotes and backslashes, and a
 * backslash before a line break (a continuation). An unknown escape keeps the character.
 */
export function decodeEscapes(body: string): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char !== '\\' || i === body.length - 1) {
      out += char;
      continue;
    }
    const next = body[++i];
    if (next in SIMPLE && !(next === '0' && /[0-9]/.test(body[i + 1] ?? ''))) {
      out += SIMPLE[next];
    } else if (next === 'x') {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next === 'u' && body[i + 1] === '{') {
      const close = body.indexOf('}', i);
      out += String.fromCodePoint(parseInt(body.slice(i + 2, close), 16));
      i = close;
    } else if (next === 'u') {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
    } else if (next === 'U') {
      out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 9), 16));
      i += 8;
    } else if (next === '\r' && body[i + 1] === '\n') {
      i++;
    } else if (next !== '\n') {
      out += next;
    }
  }
  return out;
}
