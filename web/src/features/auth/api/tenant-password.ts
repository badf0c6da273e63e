import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type ForgotPasswordRequest = components['schemas']['ForgotPasswordRequest']
export type ResetPasswordRequest = components['schemas']['ResetPasswordRequest']

/**
 * On development hosts one address serves every tenant: a signed-out owner names theirs with `?tenant=`
 * (the security key, when this browser remembers it, goes as a header by itself).
 */
function tenantOfPage(): string | undefined {
  if (typeof window === 'undefined') return undefined
  return new URLSearchParams(window.location.search).get('tenant')?.trim() || undefined
}

/**
 * Asks for a reset link by e-mail. The answer's message is the same whether or not the e-mail belongs
 * to an owner, so the screen shows it as it comes.
 */
export function useTenantForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => {
      const tenant = tenantOfPage()
      return unwrap(api.POST('/api/tenant-auth/forgot-password', { body, params: { query: tenant ? { tenant } : {} } }))
    },
  })
}

/** Sets a new password with the token of a reset link (the link works once, for an hour). */
export function useTenantResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => unwrap(api.POST('/api/tenant-auth/reset-password', { body })),
  })
}
