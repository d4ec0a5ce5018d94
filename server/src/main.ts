import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { startupProblem } from './startup-errors';

/** A start-up failure the person starting the server can fix: one line with the fix, exit 1, no trace. */
function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  stop((error as Error).message);
}

let app: FastifyInstance | undefined;
try {
  app = await buildApp({ config, logger: true });
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const line = startupProblem(error, config);
  if (!line) throw error;
  await app?.close().catch(() => undefined);
  stop(line);
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

const url = `http://localhost:${config.port}`;
console.log(
  `\n  Casino PH is running at ${url}\n  API docs: ${url}/api/docs\n  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dbFile}`,
);
if (config.opsEnabled) {
  console.log(
    config.adminTokenGenerated
      ? `  Operator API: ${url}/ops  (ADMIN_TOKEN not set; generated for this run: ${config.adminToken})`
      : `  Operator API: ${url}/ops  (ADMIN_TOKEN from the environment)`,
  );
}
