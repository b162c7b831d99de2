// The yardstick for scripts/bench-hot.ts: a bare Fastify 5 route answering a small JSON envelope, in its own
// process, so the platform's routes can be reported as a share of what Fastify itself does on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, data: { ok: true }, message: 'success' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
