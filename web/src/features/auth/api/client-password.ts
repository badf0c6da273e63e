import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type ClientForgotPasswordResponse = components['schemas']['ClientForgotPasswordResponse']

/**
 * Asks for a reset link by e-mail. The answer reads the same whether or not the e-mail belongs to a client;
 * on development hosts it also carries the token (`resetToken`), since no e-mail goes out there. The tenant is
 * named there by `?tenant=`, which the API client's middleware adds to every client-auth call.
 */
export function useClientForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => unwrap(api.POST('/api/client-auth/forgot-password', { body })),
  })
}

/** Sets a new password with the token of a reset link. */
export function useClientResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => unwrap(api.POST('/api/client-auth/reset-password', { body })),
  })
}
