#!/usr/bin/env node
// The `solitaire` command: runs cli/main.ts through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
