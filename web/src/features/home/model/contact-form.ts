// The contact form's rules (SPEC.md section 5 "Contact form"), the same the server checks
// (internal/content/handlers.go): both fields required after trimming, name at most 50
// characters, contact at most 100, no control characters.

/** CONTACT_MAX is each field's longest length in characters (code points, like the server). */
export const CONTACT_MAX = { name: 50, contactInformation: 100 } as const;

/** ContactField names the contact form's inputs. */
export type ContactField = keyof typeof CONTACT_MAX;

/** ContactProblem is why a field is refused: its text is contact.errors.<problem>. */
export type ContactProblem = 'required' | 'tooLong' | 'invalid';

/** ContactForm holds the fields as typed. */
export interface ContactForm {
  name: string;
  contactInformation: string;
}

const length = (s: string) => [...s].length;
// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f]/;

/** checkContactField gives the problem with one field's value, or null when it is fine. */
export function checkContactField(field: ContactField, value: string | undefined | null): ContactProblem | null {
  const s = (value ?? '').trim();
  if (s === '') return 'required';
  if (length(s) > CONTACT_MAX[field]) return 'tooLong';
  if (control.test(s)) return 'invalid';
  return null;
}

/** checkContact gives every field's problem; an empty object means the form may be sent. */
export function checkContact(form: Partial<ContactForm>): Partial<Record<ContactField, ContactProblem>> {
  const out: Partial<Record<ContactField, ContactProblem>> = {};
  for (const field of Object.keys(CONTACT_MAX) as ContactField[]) {
    const problem = checkContactField(field, form[field]);
    if (problem) out[field] = problem;
  }
  return out;
}

/** toContactMessage trims the fields as the server stores them. */
export function toContactMessage(form: ContactForm): ContactForm {
  return { name: form.name.trim(), contactInformation: form.contactInformation.trim() };
}

/** contactErrorKey is the home namespace key of a field's problem; {{max}} is CONTACT_MAX[field]. */
export function contactErrorKey(field: ContactField, problem: ContactProblem): string {
  return `contact.errors.${field}.${problem}`;
}
