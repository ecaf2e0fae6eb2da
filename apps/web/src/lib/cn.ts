import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config';

/**
 * tailwind-merge with a table of the app's own class names (see tw-merge-config.ts): the full
 * default config would add ~6 KB gzip to every first load. cn.test.ts keeps it equivalent.
 */
const twMerge = createTailwindMerge(twMergeConfig);

export const cn = (...inputs: ClassValue[]): string => twMerge(clsx(inputs));
