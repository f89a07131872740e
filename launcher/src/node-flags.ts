/**
 * The Node flags every service process runs with, wherever it is started: `npm start`, the
 * cluster launcher's children, the Dockerfile, docker-compose and infra/k8s (those files spell the
 * flags out; launcher/test/node-flags.test.ts checks that they match this list).
 *
 * A larger young generation: a request allocates short-lived objects only, and with V8's default
 * (a young generation that grows with the heap, 16 MB semi-spaces for a small one) a busy edge
 * scavenges every ~50 ms, each time on helper threads that take the other cores. Side by side on
 * 2 cores, the all-in-one process with 10,000 listings answered get_listing at 28-30k req/s with
 * these flags and 14-27k without; the catalog bench's medians moved less (docs/benchmarks.md).
 * (`--min-semi-space-size` is not allowed in NODE_OPTIONS, hence a command-line flag.)
 */
export const SERVICE_NODE_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=64'] as const;
