// Worker thread of make-winnable.ts, loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./winnable-worker.ts');
