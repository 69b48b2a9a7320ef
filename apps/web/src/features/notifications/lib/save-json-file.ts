/** Saves `data` as a JSON file on the person's device, from memory (no second request). */
export function saveJsonFile(fileName: string, data: unknown): void {
  // No byte-order mark (the dashboards' CSV files have one for spreadsheets): JSON readers refuse it.
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
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
