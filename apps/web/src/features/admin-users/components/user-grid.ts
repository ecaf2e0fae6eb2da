/** The user cards' grid: one column on phones, two on tablets, three on wide screens (product.md §2). */
export const USER_GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';
