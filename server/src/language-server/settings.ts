// The server's settings (package.json "contributes.configuration"). Read with workspace/configuration
// when the client supports it; otherwise from the settings a didChangeConfiguration push carries.
// Values of the wrong type fall back to their defaults: a typo in settings.json must not stop the
// server (or open the agent endpoint wider than intended).
import type { Connection } from 'vscode-languageserver/node';
import { AGENT_ROLES, type AgentRole } from '../agent/roles';
import { DEFAULT_SEMANTIC_DELAY_MS } from '../lsp/diagnostics';
import { DIAGNOSTICS_SCOPES, type DiagnosticsScope } from '../lsp/workspace-diagnostics';

export interface AgentServerSettings {
  enabled: boolean;
  /** 0: any free port. */
  port: number;
  allowedOrigins: string[];
  maxMessageBytes: number;
  maxRole: AgentRole;
}

/** Which annotation suggestions the editor shows (`whetstone.suggestions.*`); agents see them all. */
export interface SuggestionSettings {
  enabled: boolean;
  /** Annotation types to show (performance, security, …); empty for all. */
  kinds: string[];
  /** Suggestions less sure than this (after feedback) are not shown. */
  minConfidence: number;
  /**
   * Which suggestions stand as a CodeLens: 'worthReading' leaves minor kinds to the lightbulb and
   * keeps at most two in any 30 lines, the most worth first; 'all' shows every one.
   */
  codeLens: 'worthReading' | 'all';
  /** Accept writes the reason and confidence into the annotation too (the long form). */
  writeReason: boolean;
}

export interface ServerSettings {
  semanticDelayMs: number;
  /** `whetstone.diagnostics.scope`: every indexed file's diagnostics, or the open files' only. */
  diagnosticsScope: DiagnosticsScope;
  suggestions: SuggestionSettings;
  agentServer: AgentServerSettings;
  /** `whetstone.library`: a JSON file, absolute or relative to the first workspace folder; '' for none. */
  library: string;
  /** `whetstone.sourceRoots`: the folders whose `*.wst` files are indexed, absolute or relative to the first workspace folder; empty: the workspace folders. */
  sourceRoots: string[];
}

export const DEFAULT_AGENT_SERVER: AgentServerSettings = {
  enabled: true,
  port: 8080,
  allowedOrigins: [],
  maxMessageBytes: 8 * 1024 * 1024,
  maxRole: 'generator',
};

export const DEFAULT_SUGGESTIONS: SuggestionSettings = { enabled: true, kinds: [], minConfidence: 0, codeLens: 'worthReading', writeReason: false };

export const DEFAULT_SETTINGS: ServerSettings = { semanticDelayMs: DEFAULT_SEMANTIC_DELAY_MS, diagnosticsScope: 'workspace', suggestions: DEFAULT_SUGGESTIONS, agentServer: DEFAULT_AGENT_SERVER, library: '', sourceRoots: [] };

/** Settings from the `whetstone` section's value (whatever shape the client sent). */
export function readSettings(section: unknown): ServerSettings {
  const record = isRecord(section) ? section : {};
  const diagnostics = isRecord(record.diagnostics) ? record.diagnostics : {};
  const delay = diagnostics.semanticDelayMs;
  return {
    semanticDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_SEMANTIC_DELAY_MS,
    diagnosticsScope: DIAGNOSTICS_SCOPES.includes(diagnostics.scope as DiagnosticsScope) ? (diagnostics.scope as DiagnosticsScope) : DEFAULT_SETTINGS.diagnosticsScope,
    suggestions: readSuggestions(record.suggestions),
    agentServer: readAgentServer(record.agentServer),
    library: typeof record.library === 'string' ? record.library.trim() : '',
    sourceRoots: Array.isArray(record.sourceRoots) ? record.sourceRoots.filter((root): root is string => typeof root === 'string' && root.trim() !== '').map((root) => root.trim()) : [],
  };
}

function readSuggestions(value: unknown): SuggestionSettings {
  const record = isRecord(value) ? value : {};
  const { enabled, kinds, minConfidence, codeLens, writeReason } = record;
  return {
    enabled: typeof enabled === 'boolean' ? enabled : DEFAULT_SUGGESTIONS.enabled,
    kinds: Array.isArray(kinds) ? kinds.filter((kind): kind is string => typeof kind === 'string' && kind !== '') : [],
    minConfidence: typeof minConfidence === 'number' && minConfidence >= 0 && minConfidence <= 1 ? minConfidence : DEFAULT_SUGGESTIONS.minConfidence,
    codeLens: codeLens === 'all' || codeLens === 'worthReading' ? codeLens : DEFAULT_SUGGESTIONS.codeLens,
    writeReason: typeof writeReason === 'boolean' ? writeReason : DEFAULT_SUGGESTIONS.writeReason,
  };
}

function readAgentServer(value: unknown): AgentServerSettings {
  const record = isRecord(value) ? value : {};
  const { enabled, port, allowedOrigins, maxMessageBytes, maxRole } = record;
  return {
    enabled: typeof enabled === 'boolean' ? enabled : DEFAULT_AGENT_SERVER.enabled,
    port: Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535 ? (port as number) : DEFAULT_AGENT_SERVER.port,
    allowedOrigins: Array.isArray(allowedOrigins) ? allowedOrigins.filter((origin): origin is string => typeof origin === 'string' && origin !== '') : [],
    maxMessageBytes: Number.isInteger(maxMessageBytes) && (maxMessageBytes as number) >= 1024 ? (maxMessageBytes as number) : DEFAULT_AGENT_SERVER.maxMessageBytes,
    maxRole: AGENT_ROLES.includes(maxRole as AgentRole) ? (maxRole as AgentRole) : DEFAULT_AGENT_SERVER.maxRole,
  };
}

/** Asks the client for the `whetstone` section. */
export async function fetchSettings(connection: Connection): Promise<ServerSettings> {
  const section: unknown = await connection.workspace.getConfiguration('whetstone');
  return readSettings(section);
}

/** The `whetstone` section inside a didChangeConfiguration push (`{settings: {whetstone: …}}`). */
export function settingsFromPush(settings: unknown): ServerSettings | undefined {
  return isRecord(settings) && 'whetstone' in settings ? readSettings(settings.whetstone) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
