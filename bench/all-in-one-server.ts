// The all-in-one service in a process of its own, telling the benchmark its port when ready.
import { startAllInOne } from '@listings/launcher/all-in-one';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';

const running = await startAllInOne(loadConfig(), silentLogger(), { host: '127.0.0.1' });
process.send?.({ type: 'ready', port: running.port });
process.on('SIGTERM', () => running.stop().then(() => process.exit(0)));
