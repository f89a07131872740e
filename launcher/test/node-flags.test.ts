import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('service processes run with the same Node flags everywhere', () => {
  it('npm start passes them to the all-in-one process', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
    expect(start).toContain(`node ${SERVICE_NODE_FLAGS.join(' ')} launcher/src/all-in-one.ts`);
  });

  it('the Dockerfile, docker-compose and every k8s service command pass them', () => {
    const flags = SERVICE_NODE_FLAGS.map((flag) => `"${flag}"`).join(', ');
    const commands = [
      // the image's default command (its HEALTHCHECK runs a script, not a service)
      ...read('Dockerfile').matchAll(/^CMD \[("node".*)\]/gm),
      ...read('docker-compose.yml').matchAll(/command: \[("node".*)\]/g),
      ...readdirSync(path.join(ROOT, 'infra/k8s/base'))
        .filter((file) => file.endsWith('.yaml'))
        .flatMap((file) => [...read(`infra/k8s/base/${file}`).matchAll(/command: \[("node".*)\]/g)]),
    ].map((match) => match[1] ?? '');
    expect(commands.length).toBe(1 + 7 + 7);
    for (const command of commands) expect(command).toContain(`"node", ${flags}, `);
  });
});
