/**
 * Saves a file on the person's device from memory (no second request): the dashboards' CSV
 * files, the audit log's export, the person's own data.
 */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the file by then; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
