/**
 * The command line: `npm run cli -- <command>`.
 *   user add --email E --role super|admin   (password on stdin)
 *   media prune
 *   seed [--reset]
 *   backup [--out FILE]
 *   restore FILE [--replace] [--accept-unsealed]
 *   audit prune --before YYYY-MM-DD
 */
import { configFromEnv } from './config.js';

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  user: async () => (await import('./auth/cli-user.js')).userCommand,
  media: async () => (await import('./media/cli-media.js')).mediaCommand,
  seed: async () => (await import('./seed/cli-seed.js')).seedCommand,
  backup: async () => (await import('./backup/cli-backup.js')).backupCommand,
  restore: async () => (await import('./backup/cli-backup.js')).restoreCommand,
  audit: async () => (await import('./audit/cli-audit.js')).auditCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? commands[name] : undefined;
  if (!load) {
    console.error('Usage: npm run cli -- user add --email E --role super|admin | media prune | seed [--reset] | backup [--out FILE] | restore FILE [--replace] [--accept-unsealed] | audit prune --before YYYY-MM-DD');
    return 2;
  }
  configFromEnv(); // fail early on a bad environment
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
