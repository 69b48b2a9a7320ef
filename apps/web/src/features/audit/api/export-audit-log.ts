import type { AuditFilter } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The name the server's Content-Disposition gives the file. */
export const AUDIT_EXPORT_FILE = 'audit-log.csv';

/** GET /audit/export (admin): every entry the filter keeps, as the server's CSV file. */
export const fetchAuditExport = (filter: AuditFilter) => apiFile('/audit/export', { query: { ...filter } });

/** Downloads the log (the filtered entries) and saves it on the admin's device as audit-log.csv. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: fetchAuditExport,
    onSuccess: (file) => saveFile(AUDIT_EXPORT_FILE, file),
  });
}
