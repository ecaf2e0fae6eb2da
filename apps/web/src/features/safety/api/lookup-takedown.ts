import { useMutation } from '@tanstack/react-query';
import type { Report, TakedownLookupInput } from '@kettle/shared';
import { api } from '@/lib/api-client';

/**
 * POST /moderation/requests/lookup: a request's status by reference and the email it was sent
 * with (a POST, so the email stays out of addresses and logs). 404 when nothing matches both.
 */
export const lookupTakedown = (input: TakedownLookupInput) => api.post<Report>('/moderation/requests/lookup', input);

export const useLookupTakedown = () => useMutation({ mutationFn: lookupTakedown });
