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
