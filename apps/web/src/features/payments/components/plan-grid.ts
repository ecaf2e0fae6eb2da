/** One column on phones, two on tablets, the four bundles side by side on wide screens. */
export const PLAN_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4';
