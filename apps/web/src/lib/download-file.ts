const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-22', the user's own calendar day: the date in a downloaded file's name. */
export const fileDate = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** Hands the blob to the browser as a download, under this name. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
