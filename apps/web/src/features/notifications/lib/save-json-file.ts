import { saveFile } from '@/lib/save-file';

/** Saves `data` as a JSON file on the person's device, from memory (no second request). */
export function saveJsonFile(fileName: string, data: unknown): void {
  // No byte-order mark (the dashboards' CSV files have one for spreadsheets): JSON readers refuse it.
  saveFile(fileName, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}
