/** Test helper: whether an object can be reclaimed, by a full garbage collection (not part of the build). */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** True once nothing holds what `ref` points to; collects a few times, with turns between. */
export async function collected(ref: WeakRef<object>, attempts = 10): Promise<boolean> {
  for (let i = 0; i < attempts; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
    if (ref.deref() === undefined) return true;
  }
  return false;
}
