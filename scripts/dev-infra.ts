/**
 * `npm run dev:infra`: starts nats-server (JetStream), FerretDB, Typesense and a Temporal dev server
 * on loopback with their data under DATA_DIR/dev-infra/ (kept across restarts), runs the stand-in
 * installers first when a binary is missing, prints the env that points the product at them, and
 * runs until Ctrl-C (then stops them cleanly). `--ports=free` picks free ports instead of the
 * standard ones (4222, 27017, 8108, 7233).
 */
import { ConfigError, loadConfig } from '../packages/platform/src/config.ts';
import { startDevInfra } from '../packages/platform/src/testing/dev-infra.ts';

const ports = process.argv.includes('--ports=free') ? 'free' : 'standard';
let dataDir: string;
try {
  dataDir = loadConfig().dataDir;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const infra = await startDevInfra({ dataDir, ports, log: (line) => console.error(line) }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
console.error(`dev-infra: ready, data under ${dataDir}/dev-infra; Ctrl-C stops every server. Use this env:`);
console.log(
  `export ${Object.entries(infra.env)
    .map(([name, value]) => `${name}=${quote(value)}`)
    .join(' ')}`,
);

let stopping = false;
const onSignal = () => {
  if (stopping) process.exit(1);
  stopping = true;
  console.error('dev-infra: stopping');
  infra.stop().then(
    () => {
      console.error('dev-infra: stopped');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
