import pino from 'pino';

const BATCH_CHARS = 4096;
const FLUSH_MS = 200;

/**
 * Log lines to stdout in batches of about 4 KB, written at least every 200 ms and at exit, instead of one write per
 * line: a line per request made that write a tenth of a poll's CPU (issue 20). A process killed outright loses at most
 * the last 200 ms of lines, never data.
 *
 * The lines wait in an array here and go to pino's stdout destination (sonic-boom) joined, one write per batch:
 * sonic-boom's own buffering (`minLength`) appends each line to one growing string and measures that string's UTF-8
 * length on every write, which copied up to 4 KB per log line (a twentieth of a poll's CPU, docs/benchmarks.md).
 */
export function batchedStdout(): { write(line: string): boolean; flushSync(): void } {
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (!lines.length) return;
    const text = lines.join('');
    lines = [];
    chars = 0;
    stdout.write(text);
  };
  // Registered before the destination, so at exit the waiting lines reach it before pino writes it out synchronously.
  process.on('exit', flush);
  const stdout = pino.destination({ dest: 1, sync: false });
  setInterval(flush, FLUSH_MS).unref();
  return {
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= BATCH_CHARS) flush();
      return true;
    },
    flushSync() {
      flush();
      stdout.flushSync();
    },
  };
}
