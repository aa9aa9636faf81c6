// Why projection refused a request: a message a person can act on, and which kind of problem it
// is (the agent endpoint maps `invalidInput` to -32602 and `failed` to -32020).
export class ProjectionError extends Error {
  constructor(
    readonly kind: 'invalidInput' | 'failed',
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ProjectionError';
  }
}
