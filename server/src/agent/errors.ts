// The error codes of the agent API (docs/AGENT-ENDPOINT.md "Errors"). Every error a
// handler raises is an AgentError: a code, a message a person can act on, and data (with a hint
// where there is one). The transport turns it into the JSON-RPC error object.

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  NoStructuredBuffer: -32000,
  AstUnavailable: -32001,
  NodeNotFound: -32002,
  MutationFailed: -32010,
  LibraryPolicyViolation: -32011,
  RevisionConflict: -32012,
  CodeGenerationFailed: -32020,
  RoleNotPermitted: -32031,
  PlanRequired: -32040,
  PlanNotApproved: -32041,
  NothingToUndo: -32050,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorData {
  hint?: string;
  [key: string]: unknown;
}

export class AgentError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data?: ErrorData,
  ) {
    super(message);
    this.name = 'AgentError';
  }
}
