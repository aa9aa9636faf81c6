// One agent's WebSocket: messages are handled one after the other (a later request may depend on
// what an earlier one changed, so a session's requests never race each other), and back-pressure
// is real: while too many messages wait, or too many answer bytes are unsent because the agent
// does not read, the socket stops reading, so TCP slows the sender instead of memory growing.
import type { RawData, WebSocket } from 'ws';
import type { AgentHost, AgentRole, Dispatcher, Reply } from '../agent';
import { SocketSession } from './socket-session';

/** Messages waiting before the socket pauses reading, and the count it resumes at. */
const QUEUE_HIGH_WATER = 64;
const QUEUE_LOW_WATER = 16;
/** Text waiting before the socket pauses reading (64 large messages would otherwise be 512 MiB). */
const QUEUED_TEXT_HIGH_WATER = 16 * 1024 * 1024;
/** Unsent answer bytes before the socket pauses reading. */
const UNSENT_HIGH_WATER = 32 * 1024 * 1024;
/** Pieces of a reply shorter than this are joined with their short neighbours into one fragment. */
const SMALL_PIECE = 16 * 1024;
/** Close codes (RFC 6455). */
export const CLOSE_UNSUPPORTED_DATA = 1003;
export const CLOSE_GOING_AWAY = 1001;

export class AgentConnection {
  private readonly queue: string[] = [];
  /** The length of the texts in the queue. */
  private queuedText = 0;
  private draining = false;
  private unsentBytes = 0;
  private paused = false;
  readonly session: SocketSession;

  constructor(
    private readonly socket: WebSocket,
    maxRole: AgentRole,
    private readonly dispatcher: Dispatcher,
    private readonly host: AgentHost,
    private readonly log: (line: string) => void,
  ) {
    // 1000: a normal close, with the reason the agent is told.
    this.session = new SocketSession(maxRole, (text) => this.send(text), (reason) => socket.close(1000, reason));
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
  }

  /**
   * Sends a reply if the socket is still open, counting its bytes until ws has written them. A
   * reply in pieces goes out as the fragments of one message, so the pieces are never copied into
   * one buffer; they are sent in one go, so nothing else can come between them. Short pieces next
   * to each other are joined first: each fragment costs a frame and a write.
   */
  send(reply: Reply): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    // Encoded once here: ws would encode the string itself, and the length is needed anyway.
    const pieces = typeof reply === 'string' ? [Buffer.from(reply, 'utf8')] : joinShortPieces(reply);
    pieces.forEach((data, index) => {
      this.unsentBytes += data.length;
      this.socket.send(data, { binary: false, fin: index === pieces.length - 1 }, () => {
        this.unsentBytes -= data.length;
        this.updateFlow();
      });
    });
    this.updateFlow();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      // The protocol is JSON text; a binary frame is a client bug, answered by closing this socket.
      this.socket.close(CLOSE_UNSUPPORTED_DATA, 'Binary frames are not accepted; send JSON-RPC as text');
      return;
    }
    const text = textOf(data);
    this.queue.push(text);
    this.queuedText += text.length;
    this.updateFlow();
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0 && this.session.connected) {
        const text = this.queue.shift()!;
        this.queuedText -= text.length;
        this.updateFlow();
        let reply: Reply | undefined;
        try {
          reply = await this.dispatcher.handleMessage(text, this.session, this.host);
        } catch (error) {
          // The dispatcher answers everything itself; this is a last guard that keeps serving.
          this.log(`agent endpoint: a message of ${this.session.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          continue;
        }
        if (reply !== undefined) this.send(reply);
      }
    } finally {
      this.draining = false;
    }
  }

  private updateFlow(): void {
    const overloaded = this.queue.length > QUEUE_HIGH_WATER || this.queuedText > QUEUED_TEXT_HIGH_WATER || this.unsentBytes > UNSENT_HIGH_WATER;
    const relieved = this.queue.length <= QUEUE_LOW_WATER && this.queuedText <= QUEUED_TEXT_HIGH_WATER / 2 && this.unsentBytes <= UNSENT_HIGH_WATER / 2;
    if (overloaded && !this.paused) {
      this.paused = true;
      this.socket.pause();
    } else if (relieved && this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  /** Drops what is still queued: the agent is gone. */
  closed(): void {
    this.session.connected = false;
    this.queue.length = 0;
    this.queuedText = 0;
  }
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The pieces with each run of short neighbours joined into one buffer; long pieces as they are. */
function joinShortPieces(pieces: readonly Buffer[]): Buffer[] {
  const joined: Buffer[] = [];
  let short: Buffer[] = [];
  const flush = (): void => {
    if (short.length > 0) joined.push(short.length === 1 ? short[0] : Buffer.concat(short));
    short = [];
  };
  for (const piece of pieces) {
    if (piece.length < SMALL_PIECE) {
      short.push(piece);
    } else {
      flush();
      joined.push(piece);
    }
  }
  flush();
  return joined;
}
