// Builds the extension package as people do (`npm run package` → whetstone.vsix) and checks what
// it holds: the bundles and WebAssembly files of dist/, every file the manifest names (grammar,
// icon, walkthrough media), every page and picture README.md links to at the same relative path,
// no sources, tests, source maps or node_modules, and the size budget (bench/README.md).
// `node scripts/check-vsix.mjs` (npm test runs it); test/e2e/run.mjs installs the same package.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const vsixPath = join(root, 'whetstone.vsix');
// vsce's own unit ("MB" in its summary is 1024 × 1024 bytes).
const SIZE_BUDGET_BYTES = 2 * 1024 * 1024;
// What is never shipped: the sources, tests and tooling of this repository, and source maps.
const FORBIDDEN = [/^(client|server|test|out|bench|scripts|node_modules|\.ci|\.vscode)\//, /\.ts$/, /\.map$/, /\.vsix$/];

/** Runs `npm run package`, which writes whetstone.vsix; exits the process when it fails. */
export function buildVsix() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  console.log('\n> npm run package');
  const result = spawnSync(npm, ['run', 'package'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm run package failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The names and sizes of the files in a zip archive, from its central directory. A .vsix is a
 * plain zip (no zip64 at this size), and no zip reader is among this project's dependencies.
 */
export function zipEntries(file) {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: damaged central directory`);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.set(zip.toString('utf8', at + 46, at + 46 + nameLength), size);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Relative targets of README.md's links and pictures (Markdown and HTML), without their #anchor. */
export function readmeLocalLinks(markdown) {
  const targets = [
    ...[...markdown.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/<(?:img|a|video|source)\b[^>]*\b(?:src|href)=["']([^"']+)["']/gi)].map((m) => m[1]),
  ];
  return [
    ...new Set(
      targets
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('/'))
        .map((target) => posix.normalize(decodeURIComponent(target.split('#')[0].split('?')[0])))
        .filter((target) => target !== '' && target !== '.'),
    ),
  ].sort();
}

/** Paths (relative to the extension's folder) that the manifest names and the extension loads. */
function manifestFiles(manifest) {
  const files = [manifest.main, manifest.icon, ...Object.values(manifest.bin ?? {})];
  const contributes = manifest.contributes ?? {};
  for (const language of contributes.languages ?? []) files.push(language.configuration, language.icon?.light, language.icon?.dark);
  for (const grammar of contributes.grammars ?? []) files.push(grammar.path);
  for (const walkthrough of contributes.walkthroughs ?? []) {
    for (const step of walkthrough.steps ?? []) {
      const media = step.media ?? {};
      const image = typeof media.image === 'string' ? [media.image] : Object.values(media.image ?? {});
      files.push(...image, media.markdown, media.svg);
    }
  }
  return files.filter((file) => typeof file === 'string').map((file) => posix.normalize(file));
}

/** Everything wrong with the package at `file`, as sentences; empty when it is as it should be. */
export function vsixProblems(file) {
  const problems = [];
  const entries = zipEntries(file);
  const shipped = new Set([...entries.keys()].filter((name) => name.startsWith('extension/')).map((name) => name.slice('extension/'.length)));
  // vsce stores README.md, CHANGELOG.md and LICENSE under its own names.
  const renamed = { 'README.md': 'readme.md', 'CHANGELOG.md': 'changelog.md', LICENSE: 'LICENSE.txt' };
  const has = (path) => shipped.has(path) || shipped.has(renamed[path] ?? '\0');

  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const required = new Set(['package.json', 'README.md', 'LICENSE', ...manifestFiles(manifest)]);
  if (existsSync(join(root, 'CHANGELOG.md'))) required.add('CHANGELOG.md');
  for (const name of readdirSync(join(root, 'dist'))) if (/\.(js|wasm)$/.test(name)) required.add(`dist/${name}`);
  for (const path of required) if (!has(path)) problems.push(`${path} is missing (the installed extension needs it)`);

  for (const link of readmeLocalLinks(readFileSync(join(root, 'README.md'), 'utf8'))) {
    if (!has(link)) problems.push(`README.md links to ${link}, which is not in the package`);
  }
  for (const path of shipped) {
    if (FORBIDDEN.some((pattern) => pattern.test(path))) problems.push(`${path} is shipped but only the repository needs it`);
  }
  const size = statSync(file).size;
  if (size > SIZE_BUDGET_BYTES) problems.push(`the package is ${(size / 1024 / 1024).toFixed(2)} MB, over its budget of ${SIZE_BUDGET_BYTES / 1024 / 1024} MB`);
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildVsix();
  const problems = vsixProblems(vsixPath);
  const size = statSync(vsixPath).size;
  if (problems.length > 0) {
    console.error(`\nwhetstone.vsix is not as it should be:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\nwhetstone.vsix: ${zipEntries(vsixPath).size} files, ${(size / 1024 / 1024).toFixed(2)} MB (budget ${SIZE_BUDGET_BYTES / 1024 / 1024} MB); bundles, WebAssembly, manifest files and README links all present, no sources.`);
}
