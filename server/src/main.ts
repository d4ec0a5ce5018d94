import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp({ config, logger: true });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\n  Casino PH is running at ${url}\n  API docs: ${url}/api/docs\n  Database: ${config.dbFile}`);
if (config.opsEnabled) {
  console.log(
    config.adminTokenGenerated
      ? `  Operator API: ${url}/ops  (ADMIN_TOKEN not set; generated for this run: ${config.adminToken})`
      : `  Operator API: ${url}/ops  (ADMIN_TOKEN from the environment)`,
  );
}
