import type { AppealStatus } from '@kettle/shared';

/** Every appeal query starts here, so one invalidation refreshes the eligible list, your appeals and the queue. */
export const appealsKey = ['appeals'] as const;

export const eligibleAppealsKey = [...appealsKey, 'eligible'] as const;

export const myAppealsKey = (page: number) => [...appealsKey, 'mine', page] as const;

export type AdminAppealsRequest = { status: AppealStatus; page: number };

export const adminAppealsKey = (params: AdminAppealsRequest) => [...appealsKey, 'admin', params] as const;
