import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { Link, Navigate } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { FullScreenSpinner, Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { BrandLogo } from '@/components/brand-logo'
import { usePageTitle } from '@/lib/page-title'
import { useClientBrand } from './client-brand'
import { useClientPasswordLogin, useClientPurchaseLogin, useClientSession } from './client-session'

export const clientPasswordLoginSchema = z.object({
  email: z.string().trim().email('Email inválido'),
  password: z.string().min(1, 'Senha é obrigatória'),
})

export const clientPurchaseLoginSchema = z.object({
  email: z.string().trim().email('Email inválido'),
  purchaseId: z.string().trim().min(1, 'ID de compra é obrigatório'),
})

type PasswordLoginValues = z.infer<typeof clientPasswordLoginSchema>
type PurchaseLoginValues = z.infer<typeof clientPurchaseLoginSchema>

function PasswordLoginForm() {
  const login = useClientPasswordLogin()
  const form = useForm<PasswordLoginValues>({ resolver: zodResolver(clientPasswordLoginSchema), defaultValues: { email: '', password: '' } })
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-4" noValidate>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="seu@email.com" {...field} />
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
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          Entrar
        </Button>
      </form>
    </Form>
  )
}

function PurchaseLoginForm() {
  const login = useClientPurchaseLogin()
  const form = useForm<PurchaseLoginValues>({ resolver: zodResolver(clientPurchaseLoginSchema), defaultValues: { email: '', purchaseId: '' } })
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-4" noValidate>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="seu@email.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="purchaseId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>ID de Compra</FormLabel>
              <FormControl>
                <Input autoComplete="off" placeholder="Ex.: HP1234567890" {...field} />
              </FormControl>
              <FormDescription>Você recebeu o ID de compra por e-mail após a compra.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner />}
          Entrar
        </Button>
      </form>
    </Form>
  )
}

export function ClientLoginPage() {
  usePageTitle('Login')
  const session = useClientSession()
  const brand = useClientBrand()

  if (session.isPending) return <FullScreenSpinner />
  if (session.data) return <Navigate to="/dashboard" replace />

  const tenantName = brand.name ?? 'Portal do Cliente'
  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-br from-primary/15 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <BrandLogo src={brand.logoUrl} name={tenantName} className="mb-2 size-12" />
          <CardTitle className="text-2xl">
            <h1>{tenantName}</h1>
          </CardTitle>
          <CardDescription>Acesse sua área de cliente</CardDescription>
        </CardHeader>
        <CardContent>
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
          <Link to="/forgot-password" className="mt-4 block text-center text-sm text-primary underline-offset-4 hover:underline">
            Esqueceu sua senha?
          </Link>
        </CardContent>
      </Card>
    </main>
  )
}
