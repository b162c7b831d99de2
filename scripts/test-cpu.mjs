// `npm run test:cpu [-- --only unit,server,e2e,typecheck,lint]`: what each part of `npm test` costs, run one part after
// another on an otherwise idle machine — wall time, the CPU of the part's own processes (user + system of everything it
// started) and the whole machine's busy CPU meanwhile (which also counts PostgreSQL's server processes, not children
// of the run). `npm test` runs the parts side by side on every core, so the sum of the machine's CPU divided by the
// cores is the floor its wall time cannot go under: the figure to compare with a time target (docs/benchmarks.md).
// Linux only (reads /proc).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { CHECKS, PROJECTS, bin } from './test-parts.mjs';

const PARTS = {
  ...Object.fromEntries(Object.entries(CHECKS).map(([name, { command, args }]) => [name, [command, args]])),
  ...Object.fromEntries(PROJECTS.map((project) => [project, [bin('vitest'), ['run', '--project', project]]])),
};
/** Clock ticks per second of /proc's CPU counters (USER_HZ: 100 on every Linux this runs on). */
const HZ = 100;

const onlyAt = process.argv.indexOf('--only');
const chosen = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : Object.keys(PARTS);
const unknown = chosen.filter((part) => !PARTS[part]);
if (unknown.length) {
  console.error(`未知的部分：${unknown.join('、')}（可选：${Object.keys(PARTS).join('、')}）`);
  process.exit(2);
}
if (process.platform !== 'linux') {
  console.error('test:cpu 读取 /proc，只能在 Linux 上运行');
  process.exit(2);
}

/**
 * CPU seconds the whole machine has worked since boot: user, nice, system and interrupts. Not idle or I/O wait, nor
 * steal (time a virtual machine wanted a core and the host gave it to another guest: waiting, not work).
 */
function machineBusy() {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) / HZ;
}

/** CPU seconds of this process's finished children and everything they waited for (cutime + cstime). */
function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / HZ;
}

function run(command, args) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
    child.on('close', (code) => done({ code: code ?? 1, errors }));
  });
}

const rows = [];
for (const part of chosen) {
  const [command, args] = PARTS[part];
  const started = Date.now();
  const [busy0, own0] = [machineBusy(), childrenCpu()];
  const { code, errors } = await run(command, args);
  const row = { part, wall: (Date.now() - started) / 1000, own: childrenCpu() - own0, machine: machineBusy() - busy0, code };
  rows.push(row);
  console.log(`${part}: ${row.wall.toFixed(0)} s, own CPU ${row.own.toFixed(0)} s, machine CPU ${row.machine.toFixed(0)} s${code ? `, FAILED (exit ${code})\n${errors}` : ''}`);
}

const cores = os.availableParallelism();
const total = rows.reduce((sum, row) => sum + row.machine, 0);
console.log('\n| part | wall s | own CPU s | machine CPU s |\n|---|---|---|---|');
for (const row of rows) console.log(`| ${row.part} | ${row.wall.toFixed(0)} | ${row.own.toFixed(0)} | ${row.machine.toFixed(0)} |`);
console.log(`\nmachine CPU in all: ${total.toFixed(0)} s; on ${cores} cores no side-by-side run can take less than ${(total / cores).toFixed(0)} s (${(total / cores / 60).toFixed(1)} min)`);
process.exit(rows.some((row) => row.code !== 0) ? 1 : 0);
