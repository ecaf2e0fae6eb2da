/** The card grid shared by the post lists and their skeletons. */
export const TEA_GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';
