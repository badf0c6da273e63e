import { z } from 'zod'
import { BrandedLoginPage, ForgotPasswordLink } from '@/components/auth/branded-login-page'
import { LoginField, LoginForm, useLoginForm } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { useTenantLogin, useTenantSession } from '@/features/auth/api/tenant-session'
import { fieldSchema } from '@/lib/field-rules'
import { tenantHomePath } from './tenant-screens'

export const tenantLoginSchema = z.object({
  email: fieldSchema('email'),
  password: fieldSchema('loginPassword'),
  securityKey: fieldSchema('securityKey'),
})

const failure = { title: 'Falha no login', fallback: 'Não foi possível fazer login. Verifique suas credenciais.' }

function TenantLoginForm() {
  const login = useTenantLogin({ homePath: (session) => tenantHomePath(session.user.role) })
  const form = useLoginForm(tenantLoginSchema, { email: '', password: '', securityKey: '' })
  return (
    <LoginForm form={form} login={login} failure={failure} footer={<ForgotPasswordLink />}>
      <LoginField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" required autoFocus placeholder="voce@empresa.com" />
      <LoginField control={form.control} name="password" label="Senha" type="password" autoComplete="current-password" required />
      <LoginField control={form.control} name="securityKey" label="Chave de Segurança" type="password" autoComplete="off" required />
    </LoginForm>
  )
}

export function TenantLoginPage() {
  const session = useTenantSession()
  return (
    <LoginScreen session={session} homePath={tenantHomePath(session.data?.user.role)}>
      <BrandedLoginPage name="Portal do Tenant" logoClassName="size-10" description="Entre com suas credenciais e a chave de segurança da sua marca.">
        <TenantLoginForm />
      </BrandedLoginPage>
    </LoginScreen>
  )
}
