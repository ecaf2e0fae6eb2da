import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '@/lib/api-client';
import { fileDate } from '@/lib/download-file';

export type AccountExportFile = { blob: Blob; fileName: string };

const FILE_NAME = /filename="([^"]+)"/;

/**
 * GET /users/me/export as a file: the bytes as the server sent them, under the name it gives
 * (its UTC day), else today's. Not parsed: the browser only saves it.
 */
export async function exportAccount(): Promise<AccountExportFile> {
  const response = await apiResponse('/users/me/export');
  const named = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName: named ?? `kettle-export-${fileDate()}.json` };
}

/** A mutation, not a query: each click is a fresh export (rate limited), never a cached one. */
export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
