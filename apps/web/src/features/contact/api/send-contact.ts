import { useMutation } from '@tanstack/react-query';
import type { contactSchema, MessageResponse } from '@kettle/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ContactValues = z.output<typeof contactSchema>;

export const sendContact = (input: ContactValues): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/send-contact-email', input);

export const useSendContact = () => useMutation({ mutationFn: sendContact });
