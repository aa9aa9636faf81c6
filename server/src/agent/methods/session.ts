// Session and role methods, and getCapabilities: who this agent is, what it may do, and what the
// endpoint offers (derived from the dispatcher's method table, never listed by hand).
import { AgentError, ErrorCode } from '../errors';
import { AGENT_ROLES, defineMethod, type AgentRole, type MethodDefinition } from '../method';

/** The version of this protocol (the reference plus PROTOCOL.md), for agents to check. */
export const PROTOCOL_VERSION = '1.0';

/** Notifications the server may send, for getCapabilities. */
const NOTIFICATIONS = ['libraryContext', 'planDecided', 'suggestionDecided', 'bufferChanged'] as const;

const NO_PARAMS = { type: 'object', additionalProperties: false } as const;

function rank(role: AgentRole): number {
  return AGENT_ROLES.indexOf(role);
}

const ping = defineMethod<Record<string, never>>({
  name: 'ping',
  role: 'any',
  description: 'Health check: answers {message: "pong", sessionId}.',
  params: NO_PARAMS,
  recorded: false,
  handler: (_params, { session }) => ({ message: 'pong', sessionId: session.id }),
});

const getSessionInfo = defineMethod<Record<string, never>>({
  name: 'getSessionInfo',
  role: 'any',
  description: 'This session: sessionId, agentName, connected, connectedAtMs, lastMessageAtMs, messageCount.',
  params: NO_PARAMS,
  recorded: false,
  handler: (_params, { session }) => session.info(),
});

const setAgentName = defineMethod<{ name: string }>({
  name: 'setAgentName',
  role: 'any',
  description: 'Set the display name the person sees for this session; returns the session info.',
  params: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['name'], additionalProperties: false },
  recorded: false,
  handler(params, { session }) {
    session.name = params.name;
    return session.info();
  },
});

const listSessions = defineMethod<Record<string, never>>({
  name: 'listSessions',
  role: 'any',
  description: 'Every connected agent session (session info objects).',
  params: NO_PARAMS,
  recorded: false,
  handler: (_params, { host }) => host.sessions().map((session) => session.info()),
});

const setAgentRole = defineMethod<{ role: AgentRole }>({
  name: 'setAgentRole',
  role: 'any',
  description: 'Set this session\'s role: linter (read-only), refactor (+ mutations), generator (+ code generation), up to the endpoint\'s maxRole.',
  params: { type: 'object', properties: { role: { type: 'string', enum: [...AGENT_ROLES] } }, required: ['role'], additionalProperties: false },
  recorded: false,
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

const getCapabilities = defineMethod<Record<string, never>>({
  name: 'getCapabilities',
  role: 'any',
  description: 'Protocol version, every method with its role, description and params schema, position encoding, languages, limits and this session\'s role.',
  params: NO_PARAMS,
  recorded: false,
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
      languages: { parse: ['whetstone'], generate: ['whetstone'] },
      limits: endpoint ? { ...endpoint.limits } : null,
    };
  },
});

export const SESSION_METHODS: readonly MethodDefinition[] = [ping, getSessionInfo, setAgentName, listSessions, setAgentRole, getCapabilities];
