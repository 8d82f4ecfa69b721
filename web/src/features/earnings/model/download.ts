// Saving a text the app made or fetched (CSV) as a file.
import { saveFile } from '@/lib/save-file';

/** saveText offers text as a download named name. */
export function saveText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark makes spreadsheet programs read UTF-8 (Chinese and Korean headers).
  saveFile(name, ['\ufeff', text], type);
}
