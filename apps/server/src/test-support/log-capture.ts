/** One JSON line of the server's log, parsed. */
export interface LogEntry {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  security?: string;
  [field: string]: unknown;
}

/**
 * Collects what the server logs (createTestApp's `logStream`): the raw text, to search for what
 * must never be there, and each line parsed.
 */
export interface LogCapture {
  stream: { write(line: string): void };
  text(): string;
  entries(): LogEntry[];
  /** The entries of one request (its `reqId`, the X-Request-Id of its answer). */
  ofRequest(requestId: string): LogEntry[];
  clear(): void;
}

export function captureLog(): LogCapture {
  let text = '';
  const entries = () =>
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LogEntry);
  return {
    stream: { write: (line: string) => void (text += line) },
    text: () => text,
    entries,
    ofRequest: (requestId) => entries().filter((entry) => entry.reqId === requestId),
    clear: () => void (text = ''),
  };
}
