/**
 * The MCP server (./server.ts) over standard input and output, for the project in the working
 * directory, until the client closes the stream. Standard output carries only protocol messages.
 *
 * A message (one line) longer than {@link MAX_MESSAGE_BYTES} is dropped before the SDK's transport
 * sees it, answered with a JSON-RPC parse error (`id: null`), and the server goes on: the SDK's
 * own buffer limit would close the connection and end the server instead.
 */
import { Transform, type TransformCallback } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { packageVersion } from "../../5-operations/package-info.js";
import { createHandoffServer } from "./server.js";
import type { ToolContext } from "./tools.js";

/** Longest message read, in bytes (the SDK's default buffer limit, 10 MiB). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * A stream of lines that passes each whole line (newline included) on, and drops a line longer
 * than `limit` bytes, calling `onDropped` once for it. Holds at most `limit` bytes.
 */
export class LineLimit extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropping = false;

  constructor(
    private readonly limit: number,
    private readonly onDropped: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      const newline = chunk.indexOf(10, at);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(at, end);
      if (!this.dropping) {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
        if (this.pendingBytes > this.limit + 1) {
          this.pending = [];
          this.pendingBytes = 0;
          this.dropping = true;
          this.onDropped();
        }
      }
      if (newline !== -1) {
        if (!this.dropping) this.push(Buffer.concat(this.pending));
        this.pending = [];
        this.pendingBytes = 0;
        this.dropping = false;
      }
      at = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.dropping && this.pendingBytes > 0) this.push(Buffer.concat(this.pending));
    done();
  }
}

/**
 * Serves until standard input ends (each request read by then answered) or the client closes the
 * connection.
 * @param onError called with each transport or protocol error (a line that is not JSON-RPC, or one
 * over {@link MAX_MESSAGE_BYTES}, is reported there and skipped; the server goes on).
 */
export async function serveStdio(context: ToolContext, onError: (message: string) => void): Promise<void> {
  const server = createHandoffServer(context, packageVersion());
  const input = process.stdin.pipe(
    new LineLimit(MAX_MESSAGE_BYTES, () => {
      onError(`a message over ${MAX_MESSAGE_BYTES} bytes was dropped`);
      process.stdout.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: `message over ${MAX_MESSAGE_BYTES} bytes: dropped` } })}\n`,
      );
    }),
  );
  // The SDK's buffer never sees more than one limited line (plus the next chunk's start).
  const transport = new StdioServerTransport(input as unknown as typeof process.stdin, process.stdout, { maxBufferSize: 4 * MAX_MESSAGE_BYTES });
  // Requests read but not yet answered: when standard input ends, each still gets its answer
  // before the server closes (a client may write its last requests and close the stream at once).
  const pending = new Set<string | number>();
  let inputEnded = false;
  let finish = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
    server.onclose = () => resolve();
  });
  input.once("end", () => {
    inputEnded = true;
    if (pending.size === 0) finish();
  });
  server.onerror = (error) => onError(error.message);
  await server.connect(transport);
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if ("method" in message && "id" in message) pending.add(message.id);
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    try {
      await send(message);
    } finally {
      if (("result" in message || "error" in message) && message.id !== null && message.id !== undefined) {
        pending.delete(message.id);
        if (inputEnded && pending.size === 0) finish();
      }
    }
  };
  await closed;
  await server.close().catch(() => undefined);
}
