/**
 * The Nu Html Checker (the W3C's validator, from the vnu-jar package, run
 * with the machine's Java): the errors it finds in pages as the server sent
 * them. Every page is checked in one run (one JVM start).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnu from 'vnu-jar';

const run = promisify(execFile);

interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors in each page, as `page:line message`; empty when every page is valid. */
export async function nuHtmlErrors(pages: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nu-html-'));
  try {
    const files = Object.entries(pages).map(([name, html], i) => {
      const file = path.join(dir, `${i}-${name.replace(/[^a-z0-9]+/gi, '-')}.html`);
      fs.writeFileSync(file, html);
      return file;
    });
    const { stderr } = await run('java', ['-jar', vnu, '--errors-only', '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 16 * 1024 * 1024 });
    const messages = (JSON.parse(stderr) as { messages: NuMessage[] }).messages;
    return messages.map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'} ${m.type}: ${m.message}${m.extract ? ` (${m.extract.trim()})` : ''}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
