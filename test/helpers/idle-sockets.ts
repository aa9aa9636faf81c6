// A local process without the token that tries to crowd agents out of the endpoint: it holds
// many TCP connections that never authenticate, each either silent or dripping a request head one
// header at a time, and opens a new one whenever one is closed. It runs in a process of its own
// (as an attacker would), so its loop does not slow the agents measured or tested beside it.
import { spawn, type ChildProcess } from 'node:child_process';

const ATTACKER = `
const net = require('node:net');
const port = Number(process.env.PORT);
const count = Number(process.env.COUNT);
const slow = process.env.SLOW === '1';
let connected = 0;
let closed = 0;
let stopping = false;
let ready = false;
function open() {
  const socket = net.connect(port, '127.0.0.1');
  let drip;
  socket.on('error', () => undefined);
  socket.once('connect', () => {
    connected++;
    if (!ready && connected >= count) {
      ready = true;
      process.stdout.write('ready\\n');
    }
    if (!slow) return;
    socket.write('GET / HTTP/1.1\\r\\nHost: 127.0.0.1:' + port + '\\r\\n');
    drip = setInterval(() => socket.write('X-Slow: ' + connected + '\\r\\n'), 500);
  });
  socket.once('close', () => {
    closed++;
    if (closed === 1 && !stopping) process.stdout.write('closed\\n');
    clearInterval(drip);
    if (!stopping) setImmediate(open);
  });
}
for (let i = 0; i < count; i++) open();
// A line on stdin stops it; so does the end of stdin (the process that started it is gone).
function stop() {
  if (stopping) return;
  stopping = true;
  process.stdout.write(JSON.stringify({ connected, closed }) + '\\n', () => process.exit(0));
}
process.stdin.on('data', stop).on('end', stop);
`;

export interface IdleSocketAttacker {
  /** Resolves when the endpoint has closed one of its connections (it is over a cap). */
  readonly crowding: Promise<void>;
  /** Stops the attacker; resolves with how many connections it made and saw closed. */
  stop(): Promise<{ connected: number; closed: number }>;
}

/**
 * Starts the attacker against 127.0.0.1:port with `count` connections at a time; resolves once it
 * has made that many. `slow`: each connection sends a request head without its end, a header every
 * 500 ms, instead of nothing.
 */
export async function startIdleSocketAttacker(port: number, count: number, options: { slow?: boolean } = {}): Promise<IdleSocketAttacker> {
  const child: ChildProcess = spawn(process.execPath, ['-e', ATTACKER], {
    env: { ...process.env, PORT: String(port), COUNT: String(count), SLOW: options.slow ? '1' : '0' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let seen = '';
  let crowded = (): void => undefined;
  const crowding = new Promise<void>((resolve) => (crowded = resolve));
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    seen += chunk;
    for (let end = seen.indexOf('\n'); end >= 0; end = seen.indexOf('\n')) {
      const line = seen.slice(0, end);
      seen = seen.slice(end + 1);
      if (line === 'closed') {
        crowded();
        continue;
      }
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  // Its output ends after its last line has been read (its exit may be seen before that).
  const ended = new Promise<void>((resolve) => child.stdout!.once('end', () => resolve()));
  const nextLine = (): Promise<string> =>
    lines.length > 0 ? Promise.resolve(lines.shift()!) : Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), ended.then(() => 'ended')]);
  const first = await nextLine();
  if (first !== 'ready') throw new Error(`the attacker did not start: ${first}`);
  return {
    crowding,
    async stop() {
      const answer = nextLine();
      child.stdin!.write('stop\n');
      const line = await answer;
      if (line === 'ended') throw new Error('the attacker ended without its counts');
      return JSON.parse(line) as { connected: number; closed: number };
    },
  };
}
