// Cluster mode (`npm run start:cluster`: each service its own process, NATS between them) in a
// process of its own, telling the benchmark its ports when ready: REST on `port`, MCP on
// `mcpPort`, the site on `webPort`. Its service processes and nats-server are its children.
import { startCluster } from '@listings/launcher/cluster';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';

const running = await startCluster(loadConfig(), silentLogger());
process.send?.({ type: 'ready', port: running.port, mcpPort: running.mcpPort, webPort: running.webPort });
process.on('SIGTERM', () => running.stop().then(() => process.exit(0)));
