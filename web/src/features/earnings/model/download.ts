// Saving a text the app made or fetched (CSV) as a file.

/** saveText offers text as a download named name. */
export function saveText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark makes spreadsheet programs read UTF-8 (Chinese and Korean headers).
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
