import path from 'node:path';
import { buildApp } from './app';
import { propsSchemas } from '../src/propsSchemas';
import { createConfigStore, formatIssue } from './config';
import { loadContract } from './contract';
import { migrate, openDatabase } from './db';
import { DEMO_PASSWORD, isSeeded, seed } from './seed';
import { sessionSettingsFromEnv } from './services/sessions';

/**
 * Starts the platform: PORT, HOST, DATA_DIR, DATABASE_URL, CONFIG_DIR, DIST_DIR, SESSION_IDLE_MINUTES and
 * SESSION_CACHE_SECONDS from the environment.
 */
async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
  const configDir = path.resolve(process.env.CONFIG_DIR ?? path.join(root, 'config'));
  const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));

  const config = createConfigStore({ configDir, rendererSchemas: propsSchemas, allTypesKnown: true, onIssues: (issues) => issues.forEach((i) => console.error(`配置错误（继续使用上一次有效配置）: ${formatIssue(i)}`)) });
  config.load(); // fail fast, with the file:line:column report, when the configuration is invalid
  const contract = loadContract(configDir);
  const opened = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await migrate(opened.db, opened.dialect);
  if (!(await isSeeded(opened.db))) {
    console.log('首次启动：正在生成演示数据……');
    const summary = await seed(opened.db);
    console.log(`演示数据已生成：${summary.users} 个用户，${summary.learns} 门课程（${summary.seconds.toFixed(1)} 秒）`);
  }

  const app = await buildApp({ db: opened.db, contract, config, dataDir, distDir, logger: true, defaultDomain: process.env.DEFAULT_SCHOOL_DOMAIN ?? 'demo', partnerSecret: process.env.LANDING_PARTNER_SECRET, sessions: sessionSettingsFromEnv(process.env) });
  const shutdown = async () => {
    await app.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`平台已启动: http://${shown}:${port}  (演示学校: http://demo.localhost:${port})`);
  console.log(`演示账号: demo / ${DEMO_PASSWORD}`);
  console.log(`数据库: ${opened.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : path.join(dataDir, 'app.sqlite')}`);
}

main().catch((err) => {
  console.error(`启动失败: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
