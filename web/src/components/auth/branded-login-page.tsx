import type * as React from 'react'
import { Link } from 'react-router-dom'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { BrandLogo } from '@/components/brand-logo'
import { cn } from '@/lib/class-names'

/** The login screen of a tenant-branded portal: one centred card headed by the brand's logo and name (the page's h1). */
export function BrandedLoginPage({
  name,
  logoUrl,
  logoClassName,
  description,
  children,
}: {
  name: string
  logoUrl?: string | null
  logoClassName?: string
  description: string
  children: React.ReactNode
}) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-br from-primary/15 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <BrandLogo src={logoUrl} name={name} className={cn('mb-2', logoClassName)} />
          <CardTitle className="text-2xl">
            <h1>{name}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}

/** The "Esqueceu sua senha?" link under a login form. */
export function ForgotPasswordLink({ className }: { className?: string }) {
  return (
    <Link to="/forgot-password" className={cn('text-center text-sm text-primary underline-offset-4 hover:underline', className)}>
      Esqueceu sua senha?
    </Link>
  )
}
