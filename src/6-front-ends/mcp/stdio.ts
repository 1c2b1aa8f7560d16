/**
 * The MCP server (./server.ts) over standard input and output, for the project in the working
 * directory, until the client closes the stream. Standard output carries only protocol messages.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { packageVersion } from "../../5-operations/package-info.js";
import { createHandoffServer } from "./server.js";
import type { ToolContext } from "./tools.js";

/**
 * Serves until standard input ends or the client closes the connection.
 * @param onError called with each transport or protocol error (a line that is not JSON-RPC is
 * reported there and skipped; the server goes on).
 */
export async function serveStdio(context: ToolContext, onError: (message: string) => void): Promise<void> {
  const server = createHandoffServer(context, packageVersion());
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  server.onerror = (error) => onError(error.message);
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
}
