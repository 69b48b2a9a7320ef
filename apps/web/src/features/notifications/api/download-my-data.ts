import { AccountExportSchema } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { saveJsonFile } from '@/features/notifications/lib/save-json-file';

/**
 * GET /user/me/export: everything the cafe holds about the caller. Checked against the contract,
 * but the file keeps the answer as it came: a field the contract does not name yet is the
 * person's data all the same, and parsing would drop it.
 */
export async function fetchMyData(): Promise<{ fileName: string; data: unknown }> {
  const data = await api('/user/me/export', { schema: z.unknown() });
  const { account } = AccountExportSchema.parse(data);
  // The name the server's Content-Disposition gives it.
  return { fileName: `cafe-data-${account.id}.json`, data };
}

/** Downloads the person's data and saves it on their device as cafe-data-<id>.json. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: fetchMyData,
    onSuccess: ({ fileName, data }) => saveJsonFile(fileName, data),
  });
}
