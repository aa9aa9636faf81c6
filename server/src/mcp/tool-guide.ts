// What a model needs besides the method table to use each method as an MCP tool: when to reach for
// it, which errors to expect and what to do about them, the fields of its result (the tool's
// output schema), whether it only reads, and whether it can destroy what the person wrote (and so
// runs under a plan). The method's own description, name and params schema come from the table;
// a method with no entry here is not offered as a tool: the person's (approvePlan, rejectPlan) and
// those MCP has itself (NOT_TOOLS); a unit test keeps the table and the guide in step.
// Kept short on purpose: every byte here is in every agent's context (bench: tools/list size).

/** A field's JSON type(s), e.g. "string", "integer|null", "array". */
type FieldType = string;

export interface ToolGuide {
  /** When to use it (and when something else is better); appended to the table's description. */
  use?: string;
  /** The errors worth knowing for this tool and what to do; the general ones are in the server instructions. */
  errors?: string;
  /** The result's top-level fields. */
  returns: Record<string, FieldType>;
  /** A result that is not an object (an array, true, null) is carried in structuredContent under this key. */
  wrap?: string;
  /** Changes nothing: no buffer, no session setting, no stored state. */
  readOnly?: boolean;
  /** May delete or replace what the person wrote: such calls run only under an approved plan. */
  destructive?: boolean;
}

// uri and revision are in every buffer result (the instructions say so); a change's revision is listed for ifRevision.
const CHANGE = { success: 'boolean', revision: 'integer', changedNodeIds: 'array', insertedNodeIds: 'array', diagnostics: 'array', warning: 'string|null' };
const SESSION = { sessionId: 'string', agentName: 'string' };
const PLAN = { planId: 'string', status: 'string', steps: 'array', targets: 'array', decidedBy: 'string', decisionReason: 'string' };
const WORKFLOW = { name: 'string|null', steps: 'array', recording: 'boolean' };
const CHANGE_ERRORS = '-32012: read again and retry. -32010: refused (data.reason). -32040: needs a plan.';

/** Methods of the table that are not tools, and why. */
export const NOT_TOOLS: Readonly<Record<string, string>> = {
  ping: 'MCP has its own ping',
  getCapabilities: 'tools/list describes every tool, with its schema',
  approvePlan: 'only the person decides a plan',
  rejectPlan: 'only the person decides a plan',
};

export const TOOL_GUIDE: Readonly<Record<string, ToolGuide>> = {
  getSessionInfo: { returns: SESSION, readOnly: true },
  setAgentName: { returns: SESSION },
  listSessions: { returns: { sessions: 'array' }, wrap: 'sessions', readOnly: true },
  setAgentRole: { returns: { role: 'string' } },
  getAST: { use: 'Large: prefer findNodes and getNode.', returns: { ast: 'object', annotationCount: 'integer', diagnostics: 'array' }, readOnly: true },
  getNode: { returns: { node: 'object', truncated: 'boolean', parentId: 'string|null' }, readOnly: true },
  findNodes: { returns: { candidates: 'array', total: 'integer', truncated: 'boolean', ambiguous: 'boolean' }, readOnly: true },
  getInScopeSymbols: { returns: { symbols: 'array' }, readOnly: true },
  getCallHierarchy: { returns: { callerIds: 'array', calleeIds: 'array', incomingCalls: 'array', outgoingCalls: 'array' }, readOnly: true },
  getDependencyGraph: { returns: { dependencies: 'array' }, readOnly: true },
  getDiagnostics: { returns: { diagnostics: 'array' }, readOnly: true },
  listBuffers: { returns: { buffers: 'array' }, readOnly: true },
  applyMutation: { use: 'To rename, use renameSymbol.', errors: CHANGE_ERRORS, returns: CHANGE, destructive: true },
  applyBatch: { use: 'Also {type: "rename", nodeId, newName}.', returns: { ...CHANGE, appliedCount: 'integer' }, destructive: true },
  renameSymbol: {
    errors: '-32010 (data.reason): a keyword or a clash with a name in scope.',
    returns: { success: 'boolean', oldName: 'string', newName: 'string', changes: 'array', dryRun: 'boolean' },
  },
  undo: { returns: { success: 'boolean', undone: 'string', diagnostics: 'array' } },
  proposePlan: { use: 'After -32040: pass its data.targets.', returns: { planId: 'string', status: 'string' } },
  getPlan: { use: 'Poll until approved or rejected.', returns: PLAN, readOnly: true },
  listPlans: { returns: { plans: 'array' }, wrap: 'plans', readOnly: true },
  getAnnotationSuggestions: { returns: { scopeId: 'string', suggestions: 'array', diagnostics: 'array', modelRevision: 'integer' }, readOnly: true },
  applyAnnotationSuggestion: { use: 'Pass a suggestion of getAnnotationSuggestions as is.', returns: { success: 'boolean', applied: 'boolean', diagnostics: 'array', modelRevision: 'integer' } },
  recordAnnotationFeedback: { returns: { recorded: 'boolean' }, wrap: 'recorded' },
  startWorkflowRecording: { returns: { recording: 'boolean', name: 'string|null' } },
  stopWorkflowRecording: { returns: WORKFLOW },
  getWorkflowRecording: { returns: WORKFLOW, readOnly: true },
  replayWorkflow: { returns: { count: 'integer', responses: 'array', stoppedAt: 'integer' }, destructive: true },
  getLibraryContext: { returns: { library: 'object|null' }, wrap: 'library', readOnly: true },
  parseSource: { returns: { ast: 'object', diagnostics: 'array' }, readOnly: true },
  runPipeline: { returns: {}, readOnly: true },
  generateFromAST: { returns: {}, readOnly: true },
  projectLanguage: { returns: {}, readOnly: true },
  generateCode: { returns: {} },
};

/** Conventions every tool shares, said once in the server's instructions instead of in each tool. */
export const SERVER_INSTRUCTIONS = [
  'Whetstone (.wst) buffers open in the editor (or served headless), read and changed through their AST.',
  'Start: setAgentName, setAgentRole {role:"refactor"} (sessions start read-only), listBuffers, findNodes, getNode.',
  'Node ids are stable across edits. Tools act on the active buffer unless you pass uri. Results carry uri and revision; pass ifRevision on changes.',
  'Positions: lines 1-based, columns 0-based, UTF-16.',
  'A change is one undo step for the person; getDiagnostics after it. Deleting or replacing a declaration needs a plan the person approves (proposePlan, then planId).',
  'Errors come as isError results: structuredContent {code, message, hint, data}; follow the hint. -32602: params.X names the bad argument. -32002: node gone, findNodes again. -32000/-32001: no such buffer, see listBuffers. -32031: setAgentRole first.',
  'Notifications: notifications/whetstone/{planDecided, suggestionDecided, bufferChanged, libraryContext}.',
].join('\n');
