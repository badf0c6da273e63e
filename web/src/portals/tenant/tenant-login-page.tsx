import { BrandedLoginPage, ForgotPasswordLink } from '@/components/auth/branded-login-page'
import { LoginField, LoginForm, useLoginForm, type LoginChecks } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { useTenantSession } from '@/hooks/use-tenant-session'
import { useTenantLogin } from '@/features/auth/api/tenant-session'
import { fieldCheck } from '@/lib/field-check'
import { tenantHomePath } from './tenant-home'

export const tenantLoginChecks: LoginChecks<{ email: string; password: string; securityKey: string }> = {
  email: fieldCheck('email'),
  password: fieldCheck('loginPassword'),
  securityKey: fieldCheck('securityKey'),
}

const failure = { title: 'Falha no login', fallback: 'Não foi possível fazer login. Verifique suas credenciais.' }

function TenantLoginForm() {
  const login = useTenantLogin({ homePath: (session) => tenantHomePath(session.user.role) })
  const form = useLoginForm(tenantLoginChecks, { email: '', password: '', securityKey: '' })
  return (
    <LoginForm form={form} login={login} failure={failure} footer={<ForgotPasswordLink />}>
      <LoginField form={form} name="email" label="E-mail" type="email" autoComplete="email" required placeholder="voce@empresa.com" />
      <LoginField form={form} name="password" label="Senha" type="password" autoComplete="current-password" required />
      <LoginField form={form} name="securityKey" label="Chave de Segurança" type="password" autoComplete="off" required />
    </LoginForm>
  )
}

export function TenantLoginPage() {
  const session = useTenantSession()
  return (
    <LoginScreen session={session} homePath={tenantHomePath(session.data?.user.role)}>
      <BrandedLoginPage name="Portal do Revendedor" logoClassName="size-10" description="Entre com suas credenciais e a chave de segurança da sua marca.">
        <TenantLoginForm />
      </BrandedLoginPage>
    </LoginScreen>
  )
}
