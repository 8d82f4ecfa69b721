import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** ContactMessage is what the home page contact form sends. */
export interface ContactMessage {
  name: string;
  contactInformation: string;
}

/** createContact sends a contact message. */
export function createContact(message: ContactMessage): Promise<null> {
  return api.post<null>('/pc/v1/contact', message);
}

/** useCreateContact sends contact messages. */
export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
