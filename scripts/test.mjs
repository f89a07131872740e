#!/usr/bin/env node
// `npm test`: typecheck, lint, then every vitest suite; ends with one summary line
// ("tests: N passed, N failed, N skipped") that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const run = (label, command, args) => {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
};

if (run('typecheck (tsc)', bin('tsc'), ['-p', 'tsconfig.json']) !== 0) process.exit(1);
if (run('lint (biome)', bin('biome'), ['check', '.']) !== 0) process.exit(1);

mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
const report = path.join(ROOT, '.tmp', 'vitest-report.json');
const status = run('tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  console.log(`\ntests: ${json.numPassedTests} passed, ${json.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('\ntests: no report was written');
}
process.exit(status);
