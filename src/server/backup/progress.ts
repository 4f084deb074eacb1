/** One self-rewriting progress line on a terminal; silent when output goes to a file or pipe. */

export interface Progress {
  rows(n: number): void;
  bytes(n: number): void;
  done(): void;
}

export const silentProgress: Progress = { rows: () => undefined, bytes: () => undefined, done: () => undefined };

function megabytes(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function terminalProgress(label: string, stream: NodeJS.WriteStream = process.stdout): Progress {
  if (!stream.isTTY) return silentProgress;
  let rows = 0;
  let bytes = 0;
  let last = 0;
  let shown = false;
  const draw = (force: boolean): void => {
    const now = Date.now();
    // Ten redraws a second are plenty for a person and cheap for the terminal.
    if (!force && now - last < 100) return;
    last = now;
    shown = true;
    stream.write(`\r${label}: ${rows} rows, ${megabytes(bytes)}\x1b[K`);
  };
  return {
    rows: (n) => {
      rows = n;
      draw(false);
    },
    bytes: (n) => {
      bytes = n;
      draw(false);
    },
    done: () => {
      if (!shown) return;
      draw(true);
      stream.write('\n');
    },
  };
}
