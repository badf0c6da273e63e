import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type AdminUserItem = components['schemas']['AdminUserItem']
export type CreateAdminRequest = components['schemas']['CreateAdminRequest']

/** The platform's admins, under one prefix: a change invalidates every page and search of the list. */
export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (query: { page: number; pageSize: number; q?: string }) => ['admin', 'users', 'list', query] as const,
}

export const adminUsersQuery = (params: { page: number; pageSize: number; q?: string }) => {
  const query = { page: params.page, pageSize: params.pageSize, ...(params.q ? { q: params.q } : {}) }
  return queryOptions({
    queryKey: adminUsersKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/users', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

function useInvalidateUsers() {
  const queryClient = useQueryClient()
  // The audit log records every change here too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
    ])
}

export function useCreateAdminUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: CreateAdminRequest) => unwrap(api.POST('/api/users', { body })),
    onSuccess: invalidate,
  })
}

/** Deactivates an admin: their sessions end at once (409 for the last active admin). */
export function useDeactivateAdminUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/users/{id}/deactivate', { params: { path: { id } } })),
    onSuccess: invalidate,
  })
}

export function useReactivateAdminUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/users/{id}/reactivate', { params: { path: { id } } })),
    onSuccess: invalidate,
  })
}

/** Sets a new password; the admin's open sessions end. */
export function useResetAdminPassword() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      unwrap(api.PUT('/api/users/{id}/password', { params: { path: { id } }, body: { password } })),
    onSuccess: invalidate,
  })
}
