import { silentLogger } from '@listings/platform/logger';
import { startAllInOne } from '../src/all-in-one.ts';
import { tempDataDir, testConfig } from './support.ts';

/**
 * The all-in-one service in this process, on a loopback port (PORT 0 unless `env` names one), over
 * a new data directory, quiet and without the demo catalog unless `env` asks; `stop` also removes
 * the directory.
 */
export const startAllInOneInProcess = async (env: Record<string, string> = {}) => {
  const data = tempDataDir();
  try {
    const running = await startAllInOne(testConfig({ PORT: '0', DATA_DIR: data.dir, ...env }), silentLogger(), {
      host: '127.0.0.1',
    });
    return {
      ...running,
      dataDir: data.dir,
      /** http://127.0.0.1:<port> */
      base: `http://127.0.0.1:${running.port}`,
      stop: async () => {
        await running.stop();
        data.remove();
      },
    };
  } catch (error) {
    data.remove();
    throw error;
  }
};
