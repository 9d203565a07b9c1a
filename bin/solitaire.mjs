#!/usr/bin/env node
// The `solitaire` command: runs cli/main.ts through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
