// Preloaded (`--import`) into every server scripts/bench-hot.ts measures: answers 'cpu' on the IPC channel with the
// process's own CPU time (process.cpuUsage(), user + system, µs). No route and no code of the server is involved.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuUs: user + system });
    }
  });
}
