import { useQuery } from '@tanstack/react-query';
import { usersEventsBulkRoutes, type FileType, type FileTypeListResponse } from '@muster/contract';
import type { ApiClient } from '../../../../lib/api/client';
import { areaApiFor } from '../../../../lib/api/catalogue-api';
import { apiClient } from '../../../../lib/api/default-client';

/** `GET files/types` (applicant-flow §7): the types uploads are accepted in, `data.data[].mime`. */
export async function fetchFileTypes(client: ApiClient = apiClient): Promise<FileType[]> {
  const answer: FileTypeListResponse = await areaApiFor(client, usersEventsBulkRoutes).files.types.index();
  return answer.data.data;
}

/** A file input's `accept` list for these types: each mime type and its usual ending. */
export function acceptList(types: readonly FileType[]): string {
  const entries = types.flatMap((type) => [type.mime, ...(type.extension ? [`.${type.extension}`] : [])]);
  return [...new Set(entries)].join(',');
}

/**
 * The `accept` list of the upload inputs, from the file types index. Undefined until it has
 * loaded, or when it cannot be: the server judges every upload's type anyway.
 */
export function useAcceptedFileTypes(): string | undefined {
  const types = useQuery({
    queryKey: ['files', 'types'],
    queryFn: () => fetchFileTypes(),
    staleTime: 60 * 60_000,
  });
  return types.data && types.data.length > 0 ? acceptList(types.data) : undefined;
}
