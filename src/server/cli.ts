/**
 * The command line: `npm run cli -- <command>`.
 *   user add --email E --role super|admin   (password on stdin)
 *   media prune | media avif
 *   seed [--reset]
 *   backup [--out FILE]
 *   restore FILE [--replace] [--accept-unsealed]
 *   audit prune --before YYYY-MM-DD
 *   setup --domain D --email E [...]   (docs/deployment.md)
 *   doctor [--mail-to ADDRESS] [--json]
 */
import { configFromEnv } from './config.js';

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  user: async () => (await import('./commands/user.js')).userCommand,
  media: async () => (await import('./commands/media.js')).mediaCommand,
  seed: async () => (await import('./commands/seed.js')).seedCommand,
  backup: async () => (await import('./commands/backup.js')).backupCommand,
  restore: async () => (await import('./commands/backup.js')).restoreCommand,
  audit: async () => (await import('./commands/audit.js')).auditCommand,
  setup: async () => (await import('./deploy/setup.js')).setupCommand,
  doctor: async () => (await import('./deploy/doctor.js')).doctorCommand,
};

/** These read their own settings (setup's flags; the doctor reports a bad configuration as one of its checks). */
const ownConfiguration = new Set(['setup', 'doctor']);

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? commands[name] : undefined;
  if (!load) {
    console.error('Usage: npm run cli -- user add --email E --role super|admin | media prune | media avif | seed [--reset] | backup [--out FILE] | restore FILE [--replace] [--accept-unsealed] | audit prune --before YYYY-MM-DD | setup --domain D --email E [--proxy caddy|nginx] [--prefix DIR] [--dry-run] | doctor [--mail-to A] [--json]');
    return 2;
  }
  if (!ownConfiguration.has(name!)) configFromEnv(); // fail early on a bad environment
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
