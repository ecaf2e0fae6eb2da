/** The desk's card grid: one column on phones, three on wide screens (product.md §2). */
export const REPORT_GRID = 'grid gap-5 md:grid-cols-2 xl:grid-cols-3';
