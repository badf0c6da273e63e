import { z } from 'zod'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { BrandedLoginPage, ForgotPasswordLink } from '@/components/auth/branded-login-page'
import { LoginField, LoginForm, useLoginForm } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { useClientPasswordLogin, useClientSession } from '@/features/auth/api/client-session'
import { fieldSchema } from '@/lib/field-rules'
import { useClientBrand } from './client-brand'
import { PurchaseLoginForm } from './purchase-login-form'

export const clientPasswordLoginSchema = z.object({
  email: fieldSchema('email'),
  password: fieldSchema('loginPassword'),
})

const emailField = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'seu@email.com' } as const

function PasswordLoginForm() {
  const login = useClientPasswordLogin()
  const form = useLoginForm(clientPasswordLoginSchema, { email: '', password: '' })
  return (
    <LoginForm form={form} login={login} failure={{ title: 'Erro ao fazer login', fallback: 'Email ou senha incorretos' }}>
      <LoginField control={form.control} {...emailField} />
      <LoginField control={form.control} name="password" label="Senha" type="password" autoComplete="current-password" />
    </LoginForm>
  )
}

export function ClientLoginPage() {
  const session = useClientSession()
  const brand = useClientBrand()
  return (
    <LoginScreen session={session} homePath="/dashboard">
      <BrandedLoginPage name={brand.name ?? 'Portal do Cliente'} logoUrl={brand.logoUrl} logoClassName="size-12" description="Acesse sua área de cliente">
        <Tabs defaultValue="password">
          <TabsList className="mb-2 w-full">
            <TabsTrigger value="password">E-mail e Senha</TabsTrigger>
            <TabsTrigger value="purchase">ID de Compra</TabsTrigger>
          </TabsList>
          <TabsContent value="password">
            <PasswordLoginForm />
          </TabsContent>
          <TabsContent value="purchase">
            <PurchaseLoginForm />
          </TabsContent>
        </Tabs>
        <ForgotPasswordLink className="mt-4 block" />
      </BrandedLoginPage>
    </LoginScreen>
  )
}
