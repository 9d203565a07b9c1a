#!/usr/bin/env node
// The `solitaire` command: runs cli/main.ts through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`solitaire prove … | head -1`) closes the pipe: stop quietly, as other
// commands do, instead of dying on an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const { runCli } = await import('../cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
