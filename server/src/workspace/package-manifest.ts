// What the processes need of package.json, where it is written once: the version, and the settings
// (`contributes.configuration`) with their schemas and defaults. The bundles have it from the build
// (scripts/build.mjs puts it in with esbuild's `define`); the compiled sources the tests run read
// the repository's package.json instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A setting's JSON Schema as package.json writes it (type, default, minimum, enum, …). */
export interface SettingSchema {
  default?: unknown;
  [keyword: string]: unknown;
}

export interface PackageManifest {
  version: string;
  /** By full name ("whetstone.agentServer.port"). */
  settings: Readonly<Record<string, SettingSchema>>;
}

declare const WHETSTONE_PACKAGE: PackageManifest | undefined;

/** This package's version and settings. */
export const PACKAGE: PackageManifest = typeof WHETSTONE_PACKAGE !== 'undefined' ? WHETSTONE_PACKAGE : readRepositoryManifest();

function readRepositoryManifest(): PackageManifest {
  // From out/server/src/workspace/ up to the repository.
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string; contributes: { configuration: { properties: Record<string, SettingSchema> } } };
  return { version: manifest.version, settings: manifest.contributes.configuration.properties };
}

/** The default of setting `name` ("whetstone.agentServer.port"), as package.json says. */
export function settingDefault<T>(name: string): T {
  const schema = PACKAGE.settings[name];
  if (schema === undefined) throw new Error(`no setting ${name} in package.json`);
  return structuredClone(schema.default) as T;
}
