/** Starts the server: reads the environment, builds the app, listens. */
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (config.production) {
    // The doctor's quick checks (no network, no database), logged at every start; `npm run cli -- doctor` runs them all.
    const { startChecks } = await import('./deploy/doctor.js');
    for (const check of await startChecks(process.env)) {
      if (check.status === 'ok') app.log.info({ check: check.id }, check.message);
      else app.log.warn({ check: check.id, fix: check.fix }, check.message);
    }
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Site ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
