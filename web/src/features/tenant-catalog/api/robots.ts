import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components, paths } from '@/lib/api/schema'
import { presentParams } from '@/lib/api/present-params'
import { tenantCommerceKeys } from '@/lib/query-keys/tenant-commerce'
import { tenantCatalogKeys } from '@/lib/query-keys/tenant-catalog'
import { formDataOf, multipartOptions } from '@/lib/api/multipart'

export type RobotItem = components['schemas']['RobotItem']
export type OwnerRobotRequest = components['schemas']['OwnerRobotRequest']
export type RobotListParams = NonNullable<paths['/api/tenant/robots']['get']['parameters']['query']>

/** What the robot dialog sends; `logoUrl` only to clear the logo (the upload sets it), left out otherwise. */
export type RobotPayload = Omit<OwnerRobotRequest, 'logoUrl'> & { logoUrl?: string }

/** A page of the owner's robots, newest first (q: part of the name). */
export const tenantRobotsQuery = (params: RobotListParams) => {
  const query = presentParams(params)
  return queryOptions({
    queryKey: tenantCatalogKeys.robots.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  })
}

/** One robot of the owner's tenant (404 for an id of no robot of theirs). */
export const tenantRobotQuery = (id: string) =>
  queryOptions({
    queryKey: tenantCatalogKeys.robots.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/tenant/robots/{id}', { params: { path: { id } }, signal })),
  })

/** Refreshes every robot list, picker and page, and the dashboard's robot count. */
export function useInvalidateRobots() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([tenantCatalogKeys.robots.all, tenantCommerceKeys.stats].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** Uploads a robot's logo (multipart field `logo`); the server stores it and sets it on the robot. */
export function uploadRobotLogo(robotId: string, logo: File) {
  return unwrap(
    api.POST('/api/tenant/robots/{id}/upload-logo', {
      params: { path: { id: robotId } },
      body: formDataOf({ logo }),
      ...multipartOptions,
    }),
  )
}

/** Which step of a save failed, so the dialog can tell "not saved" from "saved without the logo". */
export class LogoUploadError extends Error {
  constructor(cause: unknown) {
    super('logo upload failed', { cause })
    this.name = 'LogoUploadError'
  }
}

export interface SaveRobotInput {
  /** The robot to change; absent creates one. */
  id?: string
  body: RobotPayload
  /** A logo picked in the dialog, uploaded with the save. */
  logo?: File | null
}

export interface SaveRobotResult {
  robot: RobotItem
  /** Set when the robot was created but its logo upload failed (it can be added later by editing). */
  logoError?: unknown
}

/**
 * Creates or edits a robot with its logo.
 * Create: the robot is posted first with an empty logo (an upload needs its id), then the logo is uploaded; a failed
 * upload still resolves, with `logoError`, because the robot exists by then.
 * Edit: the logo goes first and a failure rejects with LogoUploadError before anything else changes; then the fields
 * are saved without `logoUrl`, so the stored logo is not overwritten.
 */
export function useSaveRobot() {
  const invalidate = useInvalidateRobots()
  return useMutation({
    mutationFn: async ({ id, body, logo }: SaveRobotInput): Promise<SaveRobotResult> => {
      // The generated type lists every field as required because the server defaults them.
      const request = body as OwnerRobotRequest
      if (id) {
        if (logo) {
          try {
            await uploadRobotLogo(id, logo)
          } catch (error) {
            throw new LogoUploadError(error)
          }
        }
        const robot = await unwrap(api.PATCH('/api/tenant/robots/{id}', { params: { path: { id } }, body: request }))
        return { robot }
      }
      const robot = await unwrap(api.POST('/api/tenant/robots', { body: { ...request, logoUrl: '' } }))
      if (!logo) return { robot }
      try {
        const { logoUrl } = await uploadRobotLogo(robot.id, logo)
        return { robot: { ...robot, logoUrl } }
      } catch (logoError) {
        return { robot, logoError }
      }
    },
    // Also after a failure: an edit's logo may have been stored before the fields were refused.
    onSettled: invalidate,
  })
}

/**
 * Deletes a robot that was never sold or licensed, with its versions and files (409 with the server's pt-BR message
 * otherwise: such a robot is deactivated instead). Its own pages leave the cache, the lists are refreshed.
 */
export function useDeleteRobot() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateRobots()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/tenant/robots/{id}', { params: { path: { id } } })),
    onSuccess: (_, id) => {
      // Removed before the refresh, so the robot's own page (still open until the caller navigates away) is not
      // asked for again and answered 404.
      const { robots } = tenantCatalogKeys
      for (const queryKey of [robots.detail(id), robots.versions(id), robots.license(id), robots.salesPage(id)]) queryClient.removeQueries({ queryKey })
      void invalidate()
    },
  })
}
