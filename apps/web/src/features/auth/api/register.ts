import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, registerSchema } from '@kettle/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type RegisterValues = z.output<typeof registerSchema>;

export const register = (input: RegisterValues): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
