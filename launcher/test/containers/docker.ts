/**
 * The Docker CLI for the container suites of launcher/test/containers (`npm run test:containers`):
 * the project's image, compose. Containers run only on networks a test creates and publish only on
 * loopback.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONTAINER_IMAGES, containerEnvironment } from '@listings/platform/testing/containers';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from '../support.ts';

const run = promisify(execFile);

/** the CLI paired with the engine (Debian's docker.io puts it in /usr/bin), or DOCKER */
export const DOCKER = process.env.DOCKER || 'docker';

/** the project's image: LISTINGS_IMAGE, default the tag scripts/containers/images.sh builds */
export const LISTINGS_IMAGE = containerEnvironment('LISTINGS_IMAGE') || 'listings-directory:dev';
export const NATS_IMAGE = CONTAINER_IMAGES.nats;

export const docker = async (...args: string[]): Promise<string> => {
  try {
    const { stdout } = await run(DOCKER, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, DOCKER_BUILDKIT: '0' },
    });
    return stdout.trim();
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`docker ${args.join(' ')}: ${failed.stderr || failed.message}`);
  }
};

export const uniqueName = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** polls (bounded, every 250 ms) until `read` gives a value `done` accepts; throws with the last value */
export const eventually = async <T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 120_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

interface ContainerState {
  status: string;
  health: string | undefined;
  exitCode: number;
  pid: number;
}
export const containerState = async (container: string): Promise<ContainerState> => {
  const state = JSON.parse(await docker('inspect', '-f', '{{json .State}}', container)) as {
    Status: string;
    Health?: { Status: string };
    ExitCode: number;
    Pid: number;
  };
  return { status: state.Status, health: state.Health?.Status, exitCode: state.ExitCode, pid: state.Pid };
};

/** waits for the container's HEALTHCHECK to say healthy; fails at once if it exits or turns unhealthy */
export const waitHealthy = async (container: string, timeoutMs = 150_000): Promise<void> => {
  try {
    await eventually(
      `${container} healthy`,
      () => containerState(container),
      (state) => {
        if (state.status === 'exited' || state.health === 'unhealthy') throw new Error(JSON.stringify(state));
        return state.health === 'healthy';
      },
      timeoutMs,
    );
  } catch (error) {
    const logs = await docker('logs', '--tail', '40', container).catch(() => '');
    throw new Error(`${container} did not turn healthy: ${(error as Error).message}\n${logs}`);
  }
};

export const containerIp = async (container: string): Promise<string> =>
  docker('inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', container);

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number>;
}
/** docker-compose.yml as written (anchors resolved, variables not yet interpolated) */
export const composeFile = (): { services: Record<string, ComposeService> } =>
  parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

/**
 * A value of docker-compose.yml as compose interpolates it with only the variables of `set` given:
 * `${NAME}` and `${NAME:-default}` fall back to the default (or nothing); `${NAME:?message}`, which
 * compose requires, must be in `set` (compose would refuse to start, and so does this).
 */
export const withDefaults = (value: string | number, set: Readonly<Record<string, string>> = {}): string =>
  String(value).replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, kind: string | undefined, rest: string | undefined) => {
      const given = set[name];
      if (given !== undefined) return given;
      if (kind === '?') throw new Error(`docker-compose.yml requires ${name}: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );

/** the process commands of the project's image: compose's seven services, and every Deployment of infra/k8s/base */
export const processCommands = (): { compose: Map<string, string[]>; manifests: Map<string, string[]> } => {
  const compose = new Map<string, string[]>();
  for (const [name, service] of Object.entries(composeFile().services)) {
    if (service.image?.includes('LISTINGS_IMAGE') && service.command) compose.set(name, service.command);
  }
  const manifests = new Map<string, string[]>();
  const base = path.join(ROOT, 'infra/k8s/base');
  for (const file of readdirSync(base).filter((name) => name.endsWith('.yaml'))) {
    for (const document of parseAllDocuments(readFileSync(path.join(base, file), 'utf8'))) {
      const object = document.toJS() as {
        kind?: string;
        metadata?: { name: string };
        spec?: { template?: { spec?: { containers?: { command?: string[] }[] } } };
      } | null;
      if (object?.kind !== 'Deployment') continue;
      for (const container of object.spec?.template?.spec?.containers ?? []) {
        if (container.command) manifests.set(object.metadata?.name ?? file, container.command);
      }
    }
  }
  return { compose, manifests };
};
