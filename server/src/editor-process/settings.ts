// The server's settings (package.json "contributes.configuration"). Read with workspace/configuration
// when the client supports it; otherwise from the settings a didChangeConfiguration push carries.
// Values the schema does not allow fall back to their defaults: a typo in settings.json must not
// stop the server (or open the agent endpoint wider than intended).
import Ajv2020 from 'ajv/dist/2020';
import type { Connection } from 'vscode-languageserver/node';
import type { AgentRole } from '../agent';
import type { DiagnosticsScope } from '../lsp/workspace-diagnostics';
import { PACKAGE, settingDefault } from '../workspace/package-manifest';

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

// Each setting is checked against its schema in package.json (ajv) and read as its default there
// when it is absent or not as the schema says; nothing here repeats a type, a bound or a default.
const ajv = new Ajv2020({ strict: false, allErrors: false });
const validators = new Map(Object.entries(PACKAGE.settings).map(([name, schema]) => [name, ajv.compile(schema)]));

/** Setting `name` ("whetstone.agentServer.port") in the `whetstone` section, or its default. */
function setting<T>(section: unknown, name: string): T {
  const value = name
    .split('.')
    .slice(1)
    .reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), section);
  return value !== undefined && validators.get(name)?.(value) === true ? (value as T) : settingDefault<T>(name);
}

/** Settings from the `whetstone` section's value (whatever shape the client sent). */
export function readSettings(section: unknown): ServerSettings {
  return {
    semanticDelayMs: setting(section, 'whetstone.diagnostics.semanticDelayMs'),
    diagnosticsScope: setting<DiagnosticsScope>(section, 'whetstone.diagnostics.scope'),
    suggestions: {
      enabled: setting(section, 'whetstone.suggestions.enabled'),
      kinds: setting(section, 'whetstone.suggestions.kinds'),
      minConfidence: setting(section, 'whetstone.suggestions.minConfidence'),
      codeLens: setting(section, 'whetstone.suggestions.codeLens'),
      writeReason: setting(section, 'whetstone.suggestions.writeReason'),
    },
    agentServer: {
      enabled: setting(section, 'whetstone.agentServer.enabled'),
      port: setting(section, 'whetstone.agentServer.port'),
      allowedOrigins: setting<string[]>(section, 'whetstone.agentServer.allowedOrigins').filter((origin) => origin !== ''),
      maxMessageBytes: setting(section, 'whetstone.agentServer.maxMessageBytes'),
      maxRole: setting(section, 'whetstone.agentServer.maxRole'),
    },
    library: setting<string>(section, 'whetstone.library').trim(),
    sourceRoots: setting<string[]>(section, 'whetstone.sourceRoots')
      .map((root) => root.trim())
      .filter((root) => root !== ''),
  };
}

/** Every setting at its default. */
export const DEFAULT_SETTINGS: ServerSettings = readSettings(undefined);

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
