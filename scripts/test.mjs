// `npm test`: the type check, the linter (0 warnings allowed) and every vitest suite, run side by side (the browser
// suites spend much of their time waiting on Chromium and the server, which the checks fill). Fails when any fails;
// vitest's output streams as it comes, each check's is printed when it ends.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { CHECKS, bin } from './test-parts.mjs';

const started = Date.now();

/** os.setPriority's scale: 0 is normal, 19 the lowest. */
const LOWER = 10;

function run(command, args, { buffer, priority }) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // Not allowed here (some containers): the check runs at normal priority.
      }
    }
    let output = '';
    if (buffer) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/**
 * Runs a check with its output held back, then prints one line when it passes or its output when it fails. The checks
 * run at a lower CPU priority than the tests: they have no clock, while a browser test waits for a page within a
 * timeout, and on 2 busy cores a type-aware lint taking its share made those waits fail.
 */
const check = ({ label, command, args }) =>
  run(command, args, { buffer: true, priority: LOWER }).then((result) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(result.code === 0 ? `\n${label}通过（${seconds} s）\n` : `\n${label}失败：\n${result.output}\n`);
    return result;
  });

const results = await Promise.all([
  ...Object.values(CHECKS).map(check),
  run(bin('vitest'), ['run', ...process.argv.slice(2)], { buffer: false }),
]);
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
