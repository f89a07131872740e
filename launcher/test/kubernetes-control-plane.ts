/**
 * A real Kubernetes control plane for tests of infra/k8s: Debian's etcd and kube-apiserver v1.31.4
 * (built by scripts/stand-ins/kubernetes.sh into .cache/stand-ins/kubernetes-v1.31.4/), each on free
 * loopback ports, with a token file for authentication, service-account keys made here
 * (node:crypto) and RBAC; `kubectl` of the same version talks to it through a kubeconfig of its own.
 * Everything lives in a temporary directory removed on stop.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@listings/platform/testing/free-port';
import { until } from '@listings/platform/testing/until';
import { ROOT } from './support.ts';

export const KUBERNETES_VERSION = 'v1.31.4';
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';
const STAND_INS = path.join(ROOT, '.cache', 'stand-ins');
const KUBERNETES_DIR = path.join(STAND_INS, `kubernetes-${KUBERNETES_VERSION}`);
export const KUBE_APISERVER = path.join(KUBERNETES_DIR, 'kube-apiserver');
export const KUBECTL = path.join(KUBERNETES_DIR, 'kubectl');
export const KUSTOMIZE = path.join(STAND_INS, 'kustomize-5.7.1', 'kustomize');
export const KUBERNETES_VALIDATE = path.join(
  STAND_INS,
  `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`,
  'bin',
  'kubernetes-validate',
);
const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM, then SIGKILL after 5 s; resolves once it exited */
const stopChild = (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
};

const ETCD_CANDIDATES = [process.env.ETCD_BIN ?? '', '/usr/bin/etcd', '/usr/local/bin/etcd'];

export const etcdBinary = (): string | undefined => ETCD_CANDIDATES.find((file) => file && executable(file));

/** why the control plane cannot run here (the suite prints it and skips), or undefined */
export const controlPlaneMissing = (): string | undefined => {
  const absent = [
    [KUBE_APISERVER, 'kube-apiserver'],
    [KUBECTL, 'kubectl'],
    [KUSTOMIZE, 'kustomize'],
    [KUBERNETES_VALIDATE, 'kubernetes-validate'],
  ]
    .filter(([file]) => !executable(file as string))
    .map(([, name]) => name);
  if (!etcdBinary()) absent.push('etcd (Debian etcd-server)');
  return absent.length > 0
    ? `${absent.join(', ')} not installed (bash scripts/stand-ins/kubernetes.sh and scripts/stand-ins/kustomize.sh)`
    : undefined;
};

const run = promisify(execFile);

export interface ControlPlane {
  /** https://127.0.0.1:<port> */
  readonly server: string;
  readonly kubeconfig: string;
  /** runs kubectl against this API server; rejects with its stderr when it exits non-zero */
  kubectl(args: readonly string[], input?: string): Promise<{ stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

const kubectlRun = (kubeconfig: string, args: readonly string[], input?: string) =>
  new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = execFile(
      KUBECTL,
      ['--kubeconfig', kubeconfig, ...args],
      { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error)
          reject(Object.assign(new Error(`kubectl ${args.join(' ')}: ${stderr || error.message}`), { stderr }));
        else resolve({ stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });

/** the status code of an HTTPS GET on loopback (the API server's certificate is its own, self-signed) */
const httpsStatus = (url: string, token: string): Promise<number> =>
  new Promise((resolve) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.end();
  });

const httpStatus = async (url: string): Promise<number> => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
};

const started = (file: string, args: string[], log: { text: string }): ChildProcess => {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer): void => {
    // the last 20 kB are enough to say why it stopped
    log.text = (log.text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
};

/** starts etcd and kube-apiserver on loopback; resolves once /readyz answers 200 */
export const startControlPlane = async (): Promise<ControlPlane> => {
  const etcd = etcdBinary();
  if (!etcd || controlPlaneMissing()) throw new Error(controlPlaneMissing() ?? 'etcd is missing');
  const dir = mkdtempSync(path.join(tmpdir(), 'kube-apiserver-'));
  const children: ChildProcess[] = [];
  const killOnExit = (): void => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    for (const child of [...children].reverse()) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const etcdLog = { text: '' };
  const apiLog = { text: '' };
  try {
    const [clientPort, peerPort, securePort] = [await freePort(), await freePort(), await freePort()];
    const etcdUrl = `http://127.0.0.1:${clientPort}`;
    children.push(
      started(
        etcd,
        [
          '--name=default',
          `--data-dir=${path.join(dir, 'etcd')}`,
          `--listen-client-urls=${etcdUrl}`,
          `--advertise-client-urls=${etcdUrl}`,
          `--listen-peer-urls=http://127.0.0.1:${peerPort}`,
          `--initial-advertise-peer-urls=http://127.0.0.1:${peerPort}`,
          `--initial-cluster=default=http://127.0.0.1:${peerPort}`,
          '--log-level=warn',
        ],
        etcdLog,
      ),
    );
    await until(
      () => httpStatus(`${etcdUrl}/health`),
      (status) => status === 200,
      { tries: 300, everyMs: 100 },
    ).catch((error: Error) => {
      throw new Error(`etcd was not ready: ${error.message}\n${etcdLog.text}`);
    });

    const token = randomBytes(24).toString('hex');
    writeFileSync(path.join(dir, 'tokens.csv'), `${token},admin,admin,"system:masters"\n`, { mode: 0o600 });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(path.join(dir, 'sa.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(path.join(dir, 'sa.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
    const server = `https://127.0.0.1:${securePort}`;
    children.push(
      started(
        KUBE_APISERVER,
        [
          `--etcd-servers=${etcdUrl}`,
          '--bind-address=127.0.0.1',
          `--secure-port=${securePort}`,
          `--cert-dir=${path.join(dir, 'certs')}`,
          `--token-auth-file=${path.join(dir, 'tokens.csv')}`,
          `--service-account-key-file=${path.join(dir, 'sa.pub')}`,
          `--service-account-signing-key-file=${path.join(dir, 'sa.key')}`,
          '--service-account-issuer=https://kubernetes.default.svc',
          '--authorization-mode=RBAC',
          '--service-cluster-ip-range=10.96.0.0/16',
          // a loopback address cannot be the `kubernetes` Service's endpoint: nothing reaches it here
          '--endpoint-reconciler-type=none',
        ],
        apiLog,
      ),
    );
    await until(
      () => httpsStatus(`${server}/readyz`, token),
      (status) => status === 200,
      { tries: 600, everyMs: 200 },
    ).catch((error: Error) => {
      throw new Error(`kube-apiserver was not ready: ${error.message}\n${apiLog.text}`);
    });

    const kubeconfig = path.join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'test', cluster: { server, 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'admin', user: { token } }],
        contexts: [{ name: 'test', context: { cluster: 'test', user: 'admin' } }],
        'current-context': 'test',
      }),
      { mode: 0o600 },
    );
    return {
      server,
      kubeconfig,
      kubectl: (args, input) => kubectlRun(kubeconfig, args, input),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** `kustomize build` of one overlay of infra/k8s, as YAML */
export const kustomizeBuild = async (overlay: string): Promise<string> =>
  (
    await run(KUSTOMIZE, ['build', path.join(ROOT, 'infra/k8s/overlays', overlay)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
  ).stdout;
