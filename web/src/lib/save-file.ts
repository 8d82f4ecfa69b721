// Offering a text the app made or fetched as a file to save.

/** saveFile offers parts as a download named name, of the given type. */
export function saveFile(name: string, parts: BlobPart[], type: string): void {
  const blob = new Blob(parts, { type });
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
