/** A stream for the server's log (pino writes JSON lines to it) that keeps everything written, for a test to search. */
import { Writable } from 'node:stream';

export function logSink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    text: () => chunks.join(''),
  };
}
