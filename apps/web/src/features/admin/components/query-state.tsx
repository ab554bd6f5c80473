import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';

/** Loading, failure or the data, for every console page. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <Notice tone="error">{userFacingMessage(query.error)}</Notice>;
  return <>{children(query.data)}</>;
}
