import type { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The page asked of a section of the customer page. */
// A type, not an interface: the API client's query takes any string-keyed object.
export type CustomerSectionQuery = { page: number; pageSize: number };

/** One paged section of the customer page: `GET /users/:id/<path>?page=&pageSize=`. */
export function customerSectionQueryOptions<T>(
  path: string,
  schema: z.ZodType<T>,
  userId: string,
  query: CustomerSectionQuery,
) {
  return queryOptions({
    queryKey: queryKeys.users.section(userId, path, query),
    queryFn: ({ signal }) =>
      api.get(`/users/${encodeURIComponent(userId)}/${path}`, { query, schema, signal }),
    // A new page keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}
