import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * A full garbage collection now, handing freed memory back. Start-up (the embedded database's files and
 * the migrations) leaves a few hundred MB of dead buffers that V8, with a small JS heap, may not collect
 * for hours: an idle process would keep them (issue 37: the whole tree idles under 0.8 GB). Called where
 * the process has just gone quiet, never per request. No-op when the runtime refuses.
 */
export function releaseMemory(): void {
  if (gc === undefined) {
    try {
      // The documented way to reach `gc` without starting Node with --expose-gc.
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
