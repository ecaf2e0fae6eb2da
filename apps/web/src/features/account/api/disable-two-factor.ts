import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, TwoFactorDisableInput } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const disableTwoFactor = (input: TwoFactorDisableInput): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/2fa/disable', input);

/** Nothing to invalidate: on success this device signs in again, and the cache goes with the session. */
export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
