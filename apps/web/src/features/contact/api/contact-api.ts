import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ContactRequest, type MessageResponse } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export function submitContactForm(input: ContactRequest): Promise<MessageResponse> {
  return apiRequest('/api/submit-form', { method: 'POST', body: input }, messageResponseSchema);
}

export function useContactMutation() {
  return useMutation({ mutationFn: submitContactForm });
}
