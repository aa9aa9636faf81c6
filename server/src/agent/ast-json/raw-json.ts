// A result that is already JSON text (UTF-8): the dispatcher puts its bytes into the response as
// they are, so a result serialised elsewhere (parseSource's and runPipeline's, in the source
// worker) is never parsed and serialised again on the endpoint's thread. Wherever it is used as a
// value instead (inside a replayed workflow's responses, an MCP tool result), toJSON gives the value.
export class RawJson {
  constructor(readonly bytes: Buffer) {}

  toJSON(): unknown {
    return JSON.parse(this.bytes.toString('utf8')) as unknown;
  }
}

const JSON_TEXT = Symbol('jsonText');

/**
 * Attaches to a result the JSON text it serialises to, already written (UTF-8 pieces, in order):
 * the dispatcher sends those bytes instead of serialising the value. The value stays an ordinary
 * object for whoever uses it as one (MCP's structuredContent, a replayed workflow, tests); the
 * pieces must be exactly what JSON.stringify would give for it now.
 */
export function withJsonText<T extends object>(value: T, pieces: Buffer[]): T {
  Object.defineProperty(value, JSON_TEXT, { value: pieces, enumerable: false });
  return value;
}

/** The pieces withJsonText attached to a result, if any. */
export function jsonTextOf(value: unknown): readonly Buffer[] | undefined {
  return typeof value === 'object' && value !== null ? ((value as Record<symbol, unknown>)[JSON_TEXT] as Buffer[] | undefined) : undefined;
}
