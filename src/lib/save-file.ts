/** Saves text the page built as a download named `fileName` (an .ics, a CSV export). */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
