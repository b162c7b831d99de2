// `npm test`: the type check and every vitest suite, run side by side (the browser suites spend much of their time
// waiting on Chromium and the server, which the type check fills). Fails when either fails; vitest's output streams
// as it comes, the type check's is printed when it ends.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const started = Date.now();

function run(command, args, { buffer }) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (buffer) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

const [typecheck, tests] = await Promise.all([
  run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { buffer: true }).then((result) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(result.code === 0 ? `\n类型检查通过（${seconds} s）\n` : `\n类型检查失败：\n${result.output}\n`);
    return result;
  }),
  run(bin('vitest'), ['run', ...process.argv.slice(2)], { buffer: false }),
]);
process.exit(typecheck.code || tests.code);
