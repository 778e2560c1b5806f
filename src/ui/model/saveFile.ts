/**
 * Hands a downloaded blob to the browser as a file. The export needs the Authorization header, which a plain
 * link cannot send, so the file is fetched first and saved through an object URL and a temporary <a download>.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download only after the click handler returns: give them a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
