import * as React from 'react'
import { BrandedLoginPage, ForgotPasswordLink } from '@/components/auth/branded-login-page'
import { LoginField, LoginForm, useLoginForm, type LoginChecks } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { useTenantDevice, useTenantLogin } from '@/features/auth/api/tenant-session'
import { fieldCheck } from '@/lib/field-check'
import { tenantHomePath } from './tenant-home'

type TenantLoginFields = { email: string; password: string; securityKey: string }

export const tenantLoginChecks: LoginChecks<TenantLoginFields> = {
  email: fieldCheck('email'),
  password: fieldCheck('loginPassword'),
  securityKey: fieldCheck('securityKey'),
}

/** A browser holding the tenant pass signs in with e-mail and password: no key is asked for, nor sent. */
const passLoginChecks: LoginChecks<TenantLoginFields> = {
  ...tenantLoginChecks,
  securityKey: () => ({ value: '', error: null }),
}

const failure = { title: 'Falha no login', fallback: 'Não foi possível fazer login. Verifique suas credenciais.' }

/**
 * The owner's login. `keyNeeded` false (this browser holds the tenant pass, `tenantName`'s): e-mail and password only,
 * the key field hidden behind "Usar chave de segurança" (e.g. to enter another tenant's portal).
 */
function TenantLoginForm({ keyNeeded, tenantName }: { keyNeeded: boolean; tenantName: string | null }) {
  const login = useTenantLogin({ homePath: (session) => tenantHomePath(session.user.role) })
  const [askKey, setAskKey] = React.useState(keyNeeded)
  const form = useLoginForm(askKey ? tenantLoginChecks : passLoginChecks, { email: '', password: '', securityKey: '' })
  const revealKey = () => {
    setAskKey(true)
    // The field mounts with this render: focus it once it is there.
    requestAnimationFrame(() => form.setFocus('securityKey'))
  }
  return (
    <LoginForm form={form} login={login} failure={failure} footer={<ForgotPasswordLink />}>
      {!askKey && tenantName && (
        <p className="rounded-md bg-muted px-3 py-2 text-center text-sm" data-testid="signing-in-to">
          Entrando em <strong>{tenantName}</strong>
        </p>
      )}
      <LoginField form={form} name="email" label="E-mail" type="email" autoComplete="email" required placeholder="voce@empresa.com" />
      <LoginField form={form} name="password" label="Senha" type="password" autoComplete="current-password" required />
      {askKey ? (
        <LoginField form={form} name="securityKey" label="Chave de Segurança" type="password" autoComplete="off" required />
      ) : (
        <Button type="button" variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={revealKey}>
          Usar chave de segurança
        </Button>
      )}
    </LoginForm>
  )
}

export function TenantLoginPage() {
  const session = useTenantSession()
  const device = useTenantDevice()
  // A device check that failed (network) asks for the key, as before the pass existed.
  const keyNeeded = device.data?.keyNeeded ?? true
  return (
    <LoginScreen session={session} homePath={tenantHomePath(session.data?.user.role)}>
      <BrandedLoginPage
        name="Portal do Revendedor"
        logoClassName="size-10"
        description={keyNeeded ? 'Entre com suas credenciais e a chave de segurança da sua marca.' : 'Entre com seu e-mail e sua senha.'}
      >
        {device.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : (
          <TenantLoginForm key={String(keyNeeded)} keyNeeded={keyNeeded} tenantName={device.data?.tenantName ?? null} />
        )}
      </BrandedLoginPage>
    </LoginScreen>
  )
}
