import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api/client'
import type { ClientLoginRequest, ClientPurchaseLoginRequest, ClientSession, SignInCodeSent } from '@/lib/api/types'
import { toast } from '@/components/ui/use-toast'
import { authKeys, endSession, startSession } from '@/lib/query-keys/auth'

async function fetchClientSession(): Promise<ClientSession | null> {
  try {
    return await unwrap(api.GET('/api/client-auth/me'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** The signed-in client with their tenant, or null. */
export const clientSessionQuery = () =>
  queryOptions({ queryKey: authKeys.session('client'), queryFn: fetchClientSession, staleTime: 5 * 60_000, retry: false })

export function useClientSession() {
  return useQuery(clientSessionQuery())
}

function useCompleteLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (session: ClientSession) => {
    startSession(queryClient, 'client', session)
    toast({ title: 'Login realizado com sucesso!' })
    navigate('/dashboard', { replace: true })
  }
}

/** Signs in with e-mail and password. Failures are shown by the login form. */
export function useClientPasswordLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: (body: ClientLoginRequest) => unwrap(api.POST('/api/client-auth/login', { body })),
    onSuccess: completeLogin,
  })
}

/** What the purchase-id sign-in sends: the code is left out in step one. */
export type ClientPurchaseLogin = Pick<ClientPurchaseLoginRequest, 'email' | 'purchaseId'> & { code?: string }

/** Step one's answer (202): a 6-digit code went to the e-mail, and the server's sentence saying where. */
export function isSignInCodeSent(answer: ClientSession | SignInCodeSent): answer is SignInCodeSent {
  return 'codeRequired' in answer && answer.codeRequired
}

function postPurchaseLogin(body: ClientPurchaseLogin) {
  // The generated type lists `code` as required because the server defaults it; step one leaves it out.
  return unwrap(api.POST('/api/client-auth/login-purchase', { body: body as ClientPurchaseLoginRequest }))
}

/**
 * Step one of the purchase-id sign-in (e-mail and purchase id, no code): the server e-mails a 6-digit code and
 * answers 202 with the sentence to show. Asking again sends a new code (or, within a minute, keeps the last one).
 * Should a server ever open the session at once, the sign-in completes. Failures are shown by the form.
 */
export function useRequestPurchaseCode() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: ({ email, purchaseId }: ClientPurchaseLogin) => postPurchaseLogin({ email, purchaseId }),
    onSuccess: (answer) => {
      if (!isSignInCodeSent(answer)) completeLogin(answer)
    },
  })
}

/**
 * Step two: the same e-mail and purchase id with the code from the e-mail opens the session. A wrong or expired
 * code is a 401 ("Código inválido ou expirado…"), a malformed one a 400 on `code`. Failures are shown by the form.
 */
export function useClientPurchaseLogin() {
  const completeLogin = useCompleteLogin()
  return useMutation({
    mutationFn: async (body: ClientPurchaseLogin & { code: string }): Promise<ClientSession> => {
      const answer = await postPurchaseLogin(body)
      // A code is required again (it cannot happen with a code sent): not signed in, say why.
      if (isSignInCodeSent(answer)) throw new ApiError(401, answer.message)
      return answer
    },
    onSuccess: completeLogin,
  })
}

/** Signs out; the tenant's branding (public) stays cached for the login page. */
export function useClientLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/client-auth/logout', {})),
    onSuccess: () => {
      endSession(queryClient, 'client')
      navigate('/login', { replace: true })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Erro ao sair', description: errorMessage(error, 'Tente novamente.') })
    },
  })
}
