// Keeps one child process running: when it dies of an error, starts it again, unless it keeps dying (more
// than `maxRestarts` times within `windowMs`) or exits with a code that says restarting cannot help (a bad
// configuration). A clean exit, or one after stop(), ends the supervisor with the child's code.

/** @param {() => import('node:child_process').ChildProcess} start */
export function supervise(start, options = {}) {
  const {
    maxRestarts = 5,
    windowMs = 60_000,
    delayMs = 1_000,
    finalCodes = [78],
    log = (message) => console.error(message),
    exit = (code) => process.exit(code),
  } = options;
  const crashes = [];
  let child;
  let stopping = false;

  const run = () => {
    child = start();
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (stopping || status === 0 || finalCodes.includes(status)) return exit(status);
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0] < now - windowMs) crashes.shift();
      if (crashes.length > maxRestarts) {
        log(`Cuadra stopped ${crashes.length} times within ${windowMs / 1000} s; not starting it again.`);
        return exit(status);
      }
      log(`Cuadra stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again.`);
      // stop() may come while waiting: then there is nothing to start again.
      setTimeout(() => (stopping ? exit(status) : run()), delayMs);
    });
  };
  run();
  return {
    /** Passes the signal on and ends with the child, without starting it again. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      child?.kill(signal);
    },
  };
}
