import { BrandedLoginPage, ForgotPasswordLink } from '@/components/auth/branded-login-page'
import { LoginField, LoginForm, useLoginForm, type LoginChecks } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { useClientPasswordLogin, useClientSession } from '@/features/auth/api/client-session'
import { fieldCheck } from '@/lib/field-check'
import { useClientBrand } from './client-brand'
import { LoginTabs } from './login-tabs'
import { PurchaseLoginForm } from './purchase-login-form'

export const clientPasswordLoginChecks: LoginChecks<{ email: string; password: string }> = {
  email: fieldCheck('email'),
  password: fieldCheck('loginPassword'),
}

const emailField = { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', placeholder: 'seu@email.com' } as const

function PasswordLoginForm() {
  const login = useClientPasswordLogin()
  const form = useLoginForm(clientPasswordLoginChecks, { email: '', password: '' })
  return (
    <LoginForm form={form} login={login} failure={{ title: 'Erro ao fazer login', fallback: 'E-mail ou senha incorretos' }}>
      <LoginField form={form} {...emailField} />
      <LoginField form={form} name="password" label="Senha" type="password" autoComplete="current-password" />
    </LoginForm>
  )
}

export function ClientLoginPage() {
  const session = useClientSession()
  const brand = useClientBrand()
  return (
    <LoginScreen session={session} homePath="/dashboard">
      <BrandedLoginPage name={brand.name ?? 'Portal do Cliente'} logoUrl={brand.logoUrl} logoClassName="size-12" description="Acesse sua área de cliente">
        <LoginTabs
          defaultValue="password"
          listClassName="mb-2 w-full"
          tabs={[
            { value: 'password', label: 'E-mail e Senha', content: <PasswordLoginForm /> },
            { value: 'purchase', label: 'ID de Compra', content: <PurchaseLoginForm /> },
          ]}
        />
        <ForgotPasswordLink className="mt-4 block" />
      </BrandedLoginPage>
    </LoginScreen>
  )
}
