import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Link, Navigate } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { FullScreenSpinner, Spinner } from '@/components/ui/spinner'
import { BrandLogo } from '@/components/brand-logo'
import { usePageTitle } from '@/lib/page-title'
import { useTenantLogin, useTenantSession, type TenantLoginValues } from './tenant-session'

export const tenantLoginSchema = z.object({
  email: z.string().trim().min(1, 'E-mail é obrigatório'),
  password: z.string().min(1, 'Senha é obrigatória'),
  securityKey: z.string().trim().min(1, 'Chave de segurança é obrigatória'),
})

export function TenantLoginPage() {
  usePageTitle('Login')
  const session = useTenantSession()
  const login = useTenantLogin()
  const form = useForm<TenantLoginValues>({ resolver: zodResolver(tenantLoginSchema), defaultValues: { email: '', password: '', securityKey: '' } })

  if (session.isPending) return <FullScreenSpinner />
  if (session.data) return <Navigate to="/dashboard" replace />

  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-br from-primary/15 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <BrandLogo name="Portal do Tenant" className="mb-2 size-10" />
          <CardTitle className="text-2xl">
            <h1>Portal do Tenant</h1>
          </CardTitle>
          <CardDescription>Entre com suas credenciais e a chave de segurança da sua marca.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-4" noValidate>
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>E-mail</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="email" required autoFocus placeholder="voce@empresa.com" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Senha</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="current-password" required {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="securityKey"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Chave de Segurança</FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="off" required {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" className="w-full" disabled={login.isPending}>
                {login.isPending && <Spinner />}
                Entrar
              </Button>
              <Link to="/forgot-password" className="text-center text-sm text-primary underline-offset-4 hover:underline">
                Esqueceu sua senha?
              </Link>
            </form>
          </Form>
        </CardContent>
      </Card>
    </main>
  )
}
