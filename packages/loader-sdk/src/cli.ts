import { runCli } from './cli-main.js';

// The first Ctrl-C ends the session cleanly; a second one does not wait.
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
}

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  signal: controller.signal,
});
process.exit(code);
