// What the manager computes from a link: its full address, the form's values and rules.
import { EXPIRY_DAYS, KEEP_EXPIRY, NOTE_MAX, type LinkBody, type LinkValues, type ObserverLink } from './types';

/**
 * fullLink is the address to share: the server's path under this site's origin, on the
 * phone's observer pages when the manager is the phone's. '' when the token cannot be shown.
 */
export function fullLink(link: Pick<ObserverLink, 'link'>, origin: string, mobile: boolean): string {
  if (!link.link) return '';
  return `${origin}${mobile ? '/mobile' : ''}${link.link}`;
}

/** hasControl tells whether text holds control or bidirectional-override characters. */
export function hasControl(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
}

/** noteProblem is the note rule's message key, or null. */
export function noteProblem(note: string): string | null {
  const n = note.trim();
  if (!n) return 'rules.note';
  if ([...n].length > NOTE_MAX) return 'rules.noteLong';
  if (hasControl(n)) return 'rules.noteChars';
  return null;
}

/** formValues are a link's values in the form (a new link: machine info on, never ends). */
export function formValues(link: ObserverLink | null, defaultCoin: string): LinkValues {
  if (!link) {
    return { currencyList: defaultCoin ? [defaultCoin] : [], subAccounts: [], machineInfoEnabled: true, incomeInfoEnabled: false, note: '', expiresIn: 0 };
  }
  return {
    currencyList: link.currencyList,
    subAccounts: link.subAccounts,
    machineInfoEnabled: link.machineInfoEnabled,
    incomeInfoEnabled: link.incomeInfoEnabled,
    note: link.note,
    expiresIn: KEEP_EXPIRY,
  };
}

/** toBody is what the form sends for a new link or an edit of one. */
export function toBody(v: LinkValues, editing: ObserverLink | null): LinkBody {
  const body: LinkBody = {
    currencyList: v.currencyList ?? [],
    subAccounts: v.subAccounts ?? [],
    machineInfoEnabled: !!v.machineInfoEnabled,
    incomeInfoEnabled: !!v.incomeInfoEnabled,
    note: (v.note ?? '').trim(),
  };
  if (editing) {
    if (editing.token) body.token = editing.token;
    else body.id = editing.id;
  }
  const days = v.expiresIn ?? 0;
  if ((EXPIRY_DAYS as readonly number[]).includes(days)) body.expiresIn = days;
  return body;
}

/** pageOf is one page of the list (the server answers every link; the manager pages them). */
export function pageOf<T>(rows: T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
