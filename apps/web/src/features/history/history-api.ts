import type { History } from '@cuadra/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type HistoryOf, teamKeys } from '../../lib/query-keys';

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export function useHistory(entity: HistoryOf, id: string) {
  return useQuery({
    queryKey: teamKeys.history(entity, id),
    queryFn: ({ signal }) =>
      api.get<History>(entity === 'me' ? '/me/history' : `/${entity}/${path(id)}/history`, { signal }),
  });
}
