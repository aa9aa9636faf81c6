// The server's settings (package.json "contributes.configuration"). Read with workspace/configuration
// when the client supports it; otherwise from the settings a didChangeConfiguration push carries.
import type { Connection } from 'vscode-languageserver/node';
import { DEFAULT_SEMANTIC_DELAY_MS } from './diagnostics';

export interface ServerSettings {
  semanticDelayMs: number;
}

export const DEFAULT_SETTINGS: ServerSettings = { semanticDelayMs: DEFAULT_SEMANTIC_DELAY_MS };

/** Settings from the `whetstone` section's value (whatever shape the client sent). */
export function readSettings(section: unknown): ServerSettings {
  const diagnostics = isRecord(section) && isRecord(section.diagnostics) ? section.diagnostics : {};
  const delay = diagnostics.semanticDelayMs;
  return {
    semanticDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_SEMANTIC_DELAY_MS,
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
