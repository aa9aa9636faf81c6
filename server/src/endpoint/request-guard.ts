// Who may reach the endpoint, decided from each request before a transport sees it (a WebSocket
// upgrade before it completes, an MCP request before it is read): a local process that read the
// lock file. Web pages are kept out twice: a browser
// always sends Origin (refused unless the person allowed that origin), and a DNS-rebound page
// sends its own Host (refused unless it is 127.0.0.1 or localhost at our port).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface RequestRules {
  token: string;
  port: number;
  allowedOrigins: readonly string[];
}

export interface RequestRefusal {
  status: 401 | 403;
  message: string;
}

/** Query parameter names that look like a credential: refused, to keep tokens out of URLs and logs. */
const CREDENTIAL_PARAMETER = /token|auth|key|bearer|secret|password/i;

/** Undefined when the request (or upgrade) may proceed; otherwise the HTTP status and a message saying why. */
export function checkRequest(request: IncomingMessage, rules: RequestRules): RequestRefusal | undefined {
  const host = request.headers.host?.toLowerCase();
  if (host !== `127.0.0.1:${rules.port}` && host !== `localhost:${rules.port}`) {
    return { status: 403, message: `Forbidden: the Host header must be 127.0.0.1:${rules.port} or localhost:${rules.port}` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !rules.allowedOrigins.includes(origin)) {
    return { status: 403, message: 'Forbidden: requests with an Origin header (web pages) are refused unless the origin is in whetstone.agentServer.allowedOrigins' };
  }
  if (urlCarriesCredential(request.url ?? '/', rules.token)) {
    return { status: 401, message: 'Unauthorized: a token in the URL is not accepted; send it in the header "Authorization: Bearer <token>"' };
  }
  const authorization = request.headers.authorization;
  if (authorization === undefined) {
    return { status: 401, message: 'Unauthorized: send "Authorization: Bearer <token>" with the token from the lock file' };
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match || !tokensEqual(match[1], rules.token)) {
    return { status: 401, message: 'Unauthorized: the bearer token is not this endpoint\'s (it changes on every start; read the lock file again)' };
  }
  return undefined;
}

/**
 * Compares in constant time. Both sides are hashed first so the buffers timingSafeEqual compares
 * are always of equal length, and the time taken says nothing about the token, not even its length.
 */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function urlCarriesCredential(url: string, token: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://127.0.0.1');
  } catch {
    return false;
  }
  for (const [name, value] of parsed.searchParams) {
    if (CREDENTIAL_PARAMETER.test(name) || tokensEqual(value, token)) return true;
  }
  return parsed.pathname.includes(token);
}
