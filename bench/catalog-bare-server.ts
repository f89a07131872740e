// Baseline for the catalog benchmarks: bare Fastify answering any GET with the same JSON body
// (BENCH_BODY), from memory.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/*', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
