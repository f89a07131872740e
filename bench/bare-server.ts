// The baseline: a bare Fastify route answering the same JSON as GET /api/v1/site, from memory.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/api/v1/site', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
