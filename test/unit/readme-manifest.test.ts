// The README is the extension's page: its settings table and its commands table must say what the
// manifest contributes, every setting with its default and every command with its title and key,
// so the page cannot drift from what the installed extension offers.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..');

interface Manifest {
  contributes: {
    configuration: { properties: Record<string, { default: unknown }> };
    commands: { command: string; title: string; category?: string }[];
    keybindings: { command: string; key: string; mac?: string }[];
  };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The cells of each row of the table under the README's `## <heading>`, header and rule left out. */
function tableRows(heading: string): string[][] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "## ${heading}" section`);
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((cell) => cell.trim()));
  return rows.slice(2);
}

/** A default as the README writes it (`25`, `true`, `[]`, `""`, `off`) read back as a value. */
function readDefault(cell: string): unknown {
  const text = cell.replace(/^`(.*)`$/, '$1');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A key as VS Code's manifest writes it (`ctrl+alt+y`) as the README writes it (`Ctrl+Alt+Y`). */
function keyLabel(key: string): string {
  return key
    .split('+')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('+');
}

describe('the README and the manifest', () => {
  it('the settings table lists every contributed setting, and only those, with its default', () => {
    const rows = tableRows('Settings');
    const inReadme = new Map(rows.map(([name, value]) => [name.replace(/^`(.*)`$/, '$1'), readDefault(value)]));
    const contributed = manifest.contributes.configuration.properties;
    assert.deepEqual([...inReadme.keys()].sort(), Object.keys(contributed).sort());
    for (const [name, setting] of Object.entries(contributed)) {
      assert.deepEqual(inReadme.get(name), setting.default, `the README's default of ${name}`);
    }
  });

  it('the commands table lists every contributed command, and only those, by its title, with its key', () => {
    const rows = tableRows('Commands');
    const titles = rows.map(([cell]) => /^\*\*(.+)\*\*$/.exec(cell)?.[1]);
    const contributed = manifest.contributes.commands.map((command) => `${command.category ? `${command.category}: ` : ''}${command.title}`);
    assert.deepEqual([...titles].sort(), [...contributed].sort());
    for (const command of manifest.contributes.commands) {
      const row = rows.find(([cell]) => cell === `**${command.category}: ${command.title}**`);
      const keys = manifest.contributes.keybindings.filter((binding) => binding.command === command.command).map((binding) => keyLabel(binding.key));
      assert.equal(row?.[1], keys.join(', '), `the README's key for ${command.title}`);
    }
  });
});
