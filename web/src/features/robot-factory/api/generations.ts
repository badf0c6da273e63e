import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { PageParams } from './projects'
import { robotFactoryKeys } from './keys'

/** A page of the owner's AI generations, newest first. */
export const robotGenerationsQuery = (params: PageParams) =>
  queryOptions({
    queryKey: robotFactoryKeys.generations.list(params),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-generations', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  })

/** One generation with its source code, review notes and error log. */
export const robotGenerationQuery = (id: string) =>
  queryOptions({
    queryKey: robotFactoryKeys.generations.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robot-generations/{id}', { params: { path: { id } }, signal })),
  })
