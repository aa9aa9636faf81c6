// Session and role methods, and getCapabilities: who this agent is, what it may do, and what the
// endpoint offers (derived from the dispatcher's method table, never listed by hand).
import { LANGUAGES } from '../../projection';
import { AgentError, ErrorCode } from '../errors';
import { defineMethod, type MethodDefinition } from '../method';
import { AGENT_ROLES, type AgentRole } from '../roles';

/** The version of this protocol (as docs/AGENT-ENDPOINT.md describes it), for agents to check. */
export const PROTOCOL_VERSION = '1.0';

/** Notifications the server may send, for getCapabilities. */
const NOTIFICATIONS = ['libraryContext', 'planDecided', 'suggestionDecided', 'bufferChanged'] as const;

const NO_PARAMS = { type: 'object', additionalProperties: false } as const;

function rank(role: AgentRole): number {
  return AGENT_ROLES.indexOf(role);
}

/** What session.info() answers. */
const SESSION_INFO = {
  sessionId: 'string',
  agentName: 'string',
  connected: 'boolean',
  connectedAtMs: 'integer',
  lastMessageAtMs: 'integer',
  messageCount: 'integer',
} as const;

const ping = defineMethod({
  name: 'ping',
  role: 'any',
  description: 'Health check: answers {message: "pong", sessionId}.',
  params: NO_PARAMS,
  recorded: false,
  notTool: 'MCP has its own ping',
  readOnly: true,
  returns: { message: 'string', sessionId: 'string' },
  handler: (_params, { session }) => ({ message: 'pong', sessionId: session.id }),
});

const getSessionInfo = defineMethod({
  name: 'getSessionInfo',
  role: 'any',
  description: 'This session\'s info.',
  params: NO_PARAMS,
  recorded: false,
  readOnly: true,
  returns: SESSION_INFO,
  handler: (_params, { session }) => session.info(),
});

const setAgentName = defineMethod({
  name: 'setAgentName',
  role: 'any',
  description: 'The name the person sees for this session.',
  params: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['name'], additionalProperties: false },
  recorded: false,
  returns: SESSION_INFO,
  handler(params, { session }) {
    session.name = params.name;
    return session.info();
  },
});

const listSessions = defineMethod({
  name: 'listSessions',
  role: 'any',
  description: 'Every connected agent session\'s info.',
  params: NO_PARAMS,
  recorded: false,
  readOnly: true,
  returns: { sessions: 'array' },
  wrap: 'sessions',
  handler: (_params, { host }) => host.sessions().map((session) => session.info()),
});

const setAgentRole = defineMethod({
  name: 'setAgentRole',
  role: 'any',
  description: 'This session\'s role, up to the endpoint\'s maxRole: linter (read-only), refactor (+ changes), generator (+ generation).',
  params: { type: 'object', properties: { role: { type: 'string', enum: [...AGENT_ROLES] } }, required: ['role'], additionalProperties: false },
  recorded: false,
  returns: { role: 'string' },
  handler(params, { session }) {
    const ceiling = session.maxRole ?? 'generator';
    if (rank(params.role) > rank(ceiling)) {
      throw new AgentError(ErrorCode.RoleNotPermitted, `Role not permitted: this endpoint grants at most the '${ceiling}' role, not '${params.role}'`, {
        requestedRole: params.role,
        maxRole: ceiling,
        hint: `The person capped agent roles at '${ceiling}' (setting whetstone.agentServer.maxRole, or serve --max-role); ask for '${ceiling}' or lower.`,
      });
    }
    session.role = params.role;
    return { role: session.role };
  },
});

const getCapabilities = defineMethod({
  name: 'getCapabilities',
  role: 'any',
  description: 'Protocol version, every method with its role, description and params schema, position encoding, languages, limits and this session\'s role.',
  params: NO_PARAMS,
  recorded: false,
  notTool: 'tools/list describes every tool, with its schema',
  readOnly: true,
  handler(_params, { session, host, endpoint }) {
    const methods = endpoint ? [...endpoint.methods.values()] : [];
    return {
      protocolVersion: PROTOCOL_VERSION,
      server: { name: host.info.ideName, version: host.info.version },
      methods: methods.map((method) => ({
        name: method.name,
        role: method.role,
        description: method.description,
        recorded: method.recorded,
        params: method.params,
      })),
      notifications: [...NOTIFICATIONS],
      roles: [...AGENT_ROLES],
      role: session.role,
      maxRole: session.maxRole ?? 'generator',
      positionEncoding: { encoding: 'utf-16', lines: '1-based', columns: '0-based' },
      languages: { parse: [...LANGUAGES], generate: [...LANGUAGES] },
      limits: endpoint ? { ...endpoint.limits } : null,
    };
  },
});

export const SESSION_METHODS: readonly MethodDefinition[] = [ping, getSessionInfo, setAgentName, listSessions, setAgentRole, getCapabilities];
