#!/usr/bin/env node
// Makes sure the workspace can run: Node 24 or later, and dependencies installed and current.
// Plain JavaScript on purpose: it must run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = 'pnpm@10.34.8';
const quiet = process.argv.includes('--quiet');
const say = (line) => (quiet ? process.stderr : process.stdout).write(`${line}\n`);

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `This project needs Node.js 24 or later; this is ${process.version}.\n` +
      'Install it, for example: npm i -g --prefix "$HOME/.local/node24" node@24 && export PATH="$HOME/.local/node24/bin:$PATH"',
  );
  process.exit(1);
}

// What decides the installed tree: the lockfile and every workspace package.json.
const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
for (const group of ['packages', 'services']) {
  for (const name of readdirSync(path.join(ROOT, group))) manifests.push(path.join(group, name, 'package.json'));
}
for (const single of ['launcher', 'bench']) manifests.push(path.join(single, 'package.json'));
const hash = createHash('sha256');
for (const file of manifests) {
  const full = path.join(ROOT, file);
  if (existsSync(full)) hash.update(file).update(readFileSync(full));
}
const digest = hash.digest('hex');
const stamp = path.join(ROOT, 'node_modules', '.deps-stamp');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);

say(`Installing dependencies with ${PNPM} (first run, or the manifests changed)...`);
const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
const [command, args] =
  onPath.status === 0 && onPath.stdout.trim() === PNPM.split('@')[1]
    ? ['pnpm', ['install', '--frozen-lockfile']]
    : ['npx', ['--yes', PNPM, 'install', '--frozen-lockfile']];
const result = spawnSync(command, args, {
  cwd: ROOT,
  stdio: ['ignore', quiet ? process.stderr : 'inherit', 'inherit'],
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
if (result.status !== 0) {
  console.error(`Dependency install failed (${command} ${args.join(' ')} exited with ${result.status}).`);
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, digest);
