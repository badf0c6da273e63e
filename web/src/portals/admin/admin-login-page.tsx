import { BotIcon, LayersIcon, ShieldCheckIcon, TrendingUpIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoginField, LoginForm, useLoginForm, type LoginChecks } from '@/components/auth/login-form'
import { LoginScreen } from '@/components/auth/session-gates'
import { useAdminLogin, useAdminSession } from '@/features/auth/api/admin-session'
import { fieldCheck } from '@/lib/field-check'

// The server checks an admin login with the same rules as creating an admin.
export const adminLoginChecks: LoginChecks<{ username: string; password: string }> = {
  username: fieldCheck('adminUsername'),
  password: fieldCheck('newPassword'),
}

const featureBlurbs = [
  { icon: LayersIcon, title: 'Multi-tenant', text: 'Cada marca com seus clientes, robôs e vendas isolados.' },
  { icon: TrendingUpIcon, title: 'Escalável', text: 'De um a milhares de tenants sem trocar de plataforma.' },
  { icon: ShieldCheckIcon, title: 'Seguro', text: 'Row-Level Security e governança centralizada.' },
]

function MarketingPanel() {
  return (
    <section
      aria-label="Sobre a plataforma"
      className="relative hidden flex-1 flex-col justify-between overflow-hidden bg-gradient-to-br from-primary/25 via-background to-background p-10 lg:flex"
    >
      <div className="flex items-center gap-2 text-lg font-semibold">
        <div className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <BotIcon className="size-5" aria-hidden />
        </div>
        RoboForge
      </div>
      <div className="max-w-lg space-y-6">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">Plataforma Master Admin</p>
        <h2 className="text-4xl leading-tight font-bold">Fortaleça sua marca e automatize seus lucros</h2>
        <p className="text-muted-foreground">
          Gerencie tenants, robôs, clientes e vendas em uma única plataforma, com isolamento lógico por tenant via Row-Level
          Security e governança centralizada.
        </p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {featureBlurbs.map((blurb) => (
            <li key={blurb.title} className="rounded-lg border bg-card/60 p-4">
              <blurb.icon className="mb-2 size-5 text-primary" aria-hidden />
              <p className="font-semibold">{blurb.title}</p>
              <p className="mt-1 text-xs text-muted-foreground">{blurb.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">Robôs MetaTrader 5 sob licença, com a sua marca.</p>
    </section>
  )
}

export function AdminLoginForm() {
  const login = useAdminLogin()
  const form = useLoginForm(adminLoginChecks, { username: '', password: '' })
  return (
    <LoginForm form={form} login={login} failure={{ title: 'Falha no login', fallback: 'Usuário ou senha inválidos' }}>
      <LoginField form={form} name="username" label="Usuário" autoComplete="username" />
      <LoginField form={form} name="password" label="Senha" type="password" autoComplete="current-password" />
    </LoginForm>
  )
}

export function AdminLoginPage() {
  const session = useAdminSession()
  return (
    <LoginScreen session={session} homePath="/">
      <div className="flex min-h-svh">
        <MarketingPanel />
        <main className="flex flex-1 items-center justify-center p-6">
          <Card className="w-full max-w-sm">
            <CardHeader>
              <CardTitle className="text-2xl">Entrar</CardTitle>
              <CardDescription>Acesse o painel administrativo da plataforma.</CardDescription>
            </CardHeader>
            <CardContent>
              <AdminLoginForm />
            </CardContent>
          </Card>
        </main>
      </div>
    </LoginScreen>
  )
}
