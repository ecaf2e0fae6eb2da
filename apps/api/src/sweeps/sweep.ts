import type { AppContext } from '../context.js';
import type { RemovalResult } from '../lib/images/delete-images.js';

/** What a sweep needs: the database, the image store and the payment provider, nothing request-shaped. */
export type SweepContext = Pick<AppContext, 'db' | 'images' | 'payments'>;

/** Files removed, and the keys whose removal failed (the next round tries again). */
export type SweepResult = RemovalResult;
