#!/usr/bin/env node
// Stands in for the VS Code executable that @vscode/test-electron's runTests() launches
// (`vscodeExecutablePath`), because no desktop VS Code can be downloaded here. It takes the same
// arguments (a workspace folder, optionally a file, `--extensionDevelopmentPath=…`,
// `--extensionTestsPath=…`), runs that extension test suite in code-server's extension host with a
// headless Chromium as the window, prints the suite's console output, and exits with its code.
//
// This script runs on any Node ≥ 20 (the one on PATH, from the shebang); code-server itself is
// started with the Node 24 that scripts/e2e/setup.mjs installed, which must have run first.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { freePort, remoteUri, startCodeServer, tail, workbenchUrl } from './code-server.mjs';
import { e2ePaths } from './setup.mjs';

// A run takes 10 to 30 s; one that has not ended after this has hung (e.g. an activation that
// never finishes), and fails instead of blocking CI.
const TIMEOUT_MS = Number(process.env.WHETSTONE_E2E_TIMEOUT_MS) || 5 * 60_000;
// Set WHETSTONE_E2E_VERBOSE=1 to see the workbench page's own errors as well.
const VERBOSE = Boolean(process.env.WHETSTONE_E2E_VERBOSE);

// Where the suite's screenshots go (the README's pictures); unset: the suite takes none.
const SCREENSHOT_DIR = process.env.WHETSTONE_E2E_SCREENSHOTS;
// A test asks for a screenshot by logging `WHETSTONE_SCREENSHOT <name> <css selector>`: the
// launcher waits until the selector is visible (the workbench has drawn what the picture is of),
// then saves <name>.png, written whole (renamed into place) so the test can wait for the file.
// `WHETSTONE_SCREENSHOT <name> @<x>,<y>,<width>,<height> <css selector>` saves only that part of
// the page (a walkthrough shows its pictures small, so they show the part that matters).
const SCREENSHOT_REQUEST = /^WHETSTONE_SCREENSHOT ([a-z0-9-]{1,60}) (?:@(\d+),(\d+),(\d+),(\d+) )?(.+)$/;

async function screenshot(page, name, selector, clip) {
  try {
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    console.error(`[code-server launcher] screenshot ${name}: ${selector} did not appear; taking it anyway`);
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: `${file}.part.png`, ...(clip ? { clip } : {}) });
  renameSync(`${file}.part.png`, file);
}

// Where the launcher answers a test's question about what the workbench has drawn (the page's
// DOM is out of the extension host's reach): a test logs `WHETSTONE_DRAWN <id> <css selector>`,
// the launcher waits until the selector is visible (up to 10 s), then writes <id>.json there with
// the accessible label (aria-label, else title, else text) of every element it matches, visible
// or not: `{labels: [...], visible: [...]}`. Unset: no test asks.
const DRAWN_DIR = process.env.WHETSTONE_E2E_DRAWN;
const DRAWN_REQUEST = /^WHETSTONE_DRAWN ([a-z0-9-]{1,60}) (.+)$/;

async function drawn(page, id, selector) {
  const matches = page.locator(selector);
  await matches.first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  const found = await matches.evaluateAll((elements) =>
    elements.map((element) => ({
      label: element.getAttribute('aria-label') || element.getAttribute('title') || (element.textContent ?? '').trim(),
      visible: element.getClientRects().length > 0,
    })),
  );
  const file = join(DRAWN_DIR, `${id}.json`);
  writeFileSync(`${file}.part`, JSON.stringify({ labels: found.map((f) => f.label), visible: found.filter((f) => f.visible).map((f) => f.label) }));
  renameSync(`${file}.part`, file);
}

// Chromium flags (docs/E2E.md): no sandbox (root, containers), no GPU, and no
// background traffic to hosts this machine cannot reach.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function parseArgs(argv) {
  const developmentPaths = [];
  let testsPath;
  const positional = [];
  for (const arg of argv) {
    if (arg.startsWith('--extensionDevelopmentPath=')) developmentPaths.push(resolve(arg.slice('--extensionDevelopmentPath='.length)));
    else if (arg.startsWith('--extensionTestsPath=')) testsPath = resolve(arg.slice('--extensionTestsPath='.length));
    else if (!arg.startsWith('-')) positional.push(resolve(arg));
    // Every other flag runTests passes is for a desktop VS Code (--no-sandbox, --disable-updates,
    // …) or names profile folders (--user-data-dir=, --extensions-dir=), which each run here
    // creates fresh instead.
  }
  const folder = positional.find((path) => existsSync(path) && statSync(path).isDirectory());
  const file = positional.find((path) => path !== folder);
  return { developmentPaths, testsPath, folder, file };
}

async function main() {
  const { developmentPaths, testsPath, folder, file } = parseArgs(process.argv.slice(2));
  if (!testsPath) throw new Error('--extensionTestsPath=<compiled suite> is required');
  const { node24, codeServerBin, chromium: chromiumPath } = e2ePaths();
  for (const [what, path] of [['Node 24', node24], ['code-server', codeServerBin], ['chromium', chromiumPath]]) {
    if (!existsSync(path)) throw new Error(`${what} is missing at ${path}: run \`node scripts/e2e/setup.mjs\` first`);
  }

  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const port = await freePort();
  // The installed-extension run names the extensions folder it installed the .vsix into; every
  // other run gets a fresh empty one.
  const extensionsDir = process.env.WHETSTONE_E2E_EXTENSIONS_DIR || undefined;
  // The extension's API proposals are allowed for it, as `npm start` allows them (scripts/start.mjs).
  const server = await startCodeServer({ node24, codeServerBin, port, extensionsDir, smokeTestDriver: true, proposedApiFor: ['whetstone.whetstone-vscode'] });
  console.log(`[code-server launcher] code-server ready on port ${port} after ${seconds()}`);
  let browser;
  let timer;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
    // A window of a laptop's size, so the pictures read like a person's editor.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

    let finish;
    const finished = new Promise((resolve) => (finish = resolve));
    // The smoke-test driver calls these from the workbench: the extension host's console output
    // (mocha's report) and, when the suite has ended, its exit code.
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const first = Array.isArray(args) ? args[0] : args;
      const question = DRAWN_DIR && typeof first === 'string' ? DRAWN_REQUEST.exec(first) : null;
      if (question) {
        void drawn(page, question[1], question[2]).catch((error) => console.error(`[code-server launcher] drawn ${question[1]} failed: ${error}`));
        return;
      }
      const request = SCREENSHOT_DIR && typeof first === 'string' ? SCREENSHOT_REQUEST.exec(first) : null;
      if (request) {
        const [x, y, width, height] = request.slice(2, 6).map(Number);
        const clip = request[2] === undefined ? undefined : { x, y, width, height };
        void screenshot(page, request[1], request[6], clip).catch((error) => console.error(`[code-server launcher] screenshot ${request[1]} failed: ${error}`));
        return;
      }
      const write = type === 'error' || type === 'warn' ? console.error : console.log;
      write(...(Array.isArray(args) ? args : [args]));
    });
    await page.exposeFunction('codeAutomationExit', (code) => finish({ code: Number.isInteger(code) ? code : 1 }));
    page.on('crash', () => finish({ code: 1, reason: 'the workbench page crashed' }));
    browser.on('disconnected', () => finish({ code: 1, reason: 'the browser went away' }));
    server.exit.then(({ code, signal }) => finish({ code: 1, reason: `code-server exited (${code ?? signal})` }));
    if (VERBOSE) {
      page.on('pageerror', (error) => console.error(`[workbench] ${error.message}`));
      page.on('console', (message) => console.error(`[workbench ${message.type()}] ${message.text()}`));
    }
    timer = setTimeout(() => finish({ code: 1, reason: `the test run did not end within ${TIMEOUT_MS / 1000} s` }), TIMEOUT_MS);

    const payload = [
      ...developmentPaths.map((path) => ['extensionDevelopmentPath', remoteUri(port, path)]),
      ['extensionTestsPath', remoteUri(port, testsPath)],
      ...(file ? [['openFile', remoteUri(port, file)]] : []),
    ];
    await page.goto(workbenchUrl(server.origin, folder, payload));

    const result = await finished;
    console.log(`[code-server launcher] suite ended with exit code ${result.code} after ${seconds()}`);
    if (result.reason) {
      console.error(`[code-server launcher] ${result.reason}`);
      console.error(`[code-server launcher] code-server log:\n${tail(server.logFile)}`);
    }
    return result.code;
  } finally {
    clearTimeout(timer);
    // Closing can hang when the page is wedged; do not let it keep the run alive.
    if (browser) await Promise.race([browser.close().catch(() => {}), sleep(5000)]);
    await server.stop();
  }
}

// runTests() forwards Ctrl-C as SIGINT. Exiting ends code-server's process group (the exit hook
// of code-server.mjs) and Playwright's browser.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[code-server launcher] ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  },
);
