// Entry of a `prove` worker thread: loads the TypeScript worker through tsx, like bin/solitaire.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./proveWorker.ts');
