export { instrumentBus } from './instrumented-bus.ts';
export { createMetrics, type ProcessMetrics, type ProjectionProbe } from './metrics.ts';
export {
  CHECK_TIMEOUT_MS,
  createOps,
  measureRawRequest,
  mountOps,
  OPS_PATHS,
  type Ops,
  type Probes,
  type Readiness,
  type StoreProbe,
  startOpsServer,
} from './ops.ts';
export { storeProbes } from './store-probes.ts';
export { activeTraceparentOrNew, startTracing, type Tracing } from './tracing.ts';
