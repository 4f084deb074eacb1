/**
 * One recorded answer of our server: status, header lines and the body bytes
 * exactly as they travelled (never decompressed), so a bare node:http server
 * and nginx can send the very same bytes with the same headers.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface RecordedAnswer {
  status: number;
  /** Header lines as sent, without the ones every server adds itself. */
  headers: [string, string][];
  body: Buffer;
}

/** Added by whichever server sends the answer (or by the connection), so never copied. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function record(url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const lines: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!perConnection.has(name.toLowerCase())) lines.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
  });
}

/** The spec file bench/bare-server.mjs reads. */
export function writeAnswerFile(dir: string, name: string, answer: RecordedAnswer): string {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }));
  return file;
}

export function header(answer: RecordedAnswer, name: string): string | undefined {
  return answer.headers.find(([n]) => n.toLowerCase() === name)?.[1];
}
