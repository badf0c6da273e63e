import { BotIcon, CreditCardIcon, LayoutDashboardIcon } from 'lucide-react'
import { BrandLogo } from '@/components/brand-logo'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { SidebarContent, SidebarHeader, SidebarMenu, SidebarMenuButton, SidebarMenuItem, StaticSidebar } from '@/components/ui/sidebar'
import { ThemeScope } from '@/lib/theme/theme-scope'
import type { Theme } from '@/lib/theme/palette'

const menu = [
  { label: 'Dashboard', icon: LayoutDashboardIcon, active: true },
  { label: 'Meus Robôs', icon: BotIcon, active: false },
  { label: 'Assinaturas', icon: CreditCardIcon, active: false },
]

/**
 * A miniature of the client portal in the theme being edited: the portal's own sidebar, card, badge, input and
 * buttons, under the same CSS variables the portal will get (scoped to this box), so what the owner sees here
 * is what the clients get. Inert: it is a picture, not a form.
 */
export function SettingsPreview({ theme, name, logoUrl }: { theme: Theme; name: string; logoUrl: string | null }) {
  return (
    <ThemeScope theme={theme} data-testid="settings-preview" className="flex h-96 overflow-hidden rounded-lg border text-sm">
      <div inert className="contents">
        <StaticSidebar data-testid="preview-sidebar" className="w-2/5 max-w-44 shrink-0">
          <SidebarHeader className="flex-row items-center gap-2">
            <BrandLogo src={logoUrl} name={name} className="size-6 shrink-0" />
            <span className="truncate font-semibold">{name}</span>
          </SidebarHeader>
          <SidebarContent className="px-2">
            <SidebarMenu>
              {menu.map((item) => (
                <SidebarMenuItem key={item.label}>
                  <SidebarMenuButton type="button" isActive={item.active}>
                    <item.icon aria-hidden />
                    <span>{item.label}</span>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarContent>
        </StaticSidebar>
        <div className="flex min-w-0 flex-1 flex-col gap-3 overflow-hidden p-3">
          <p className="font-semibold">Olá, Maria!</p>
          <Card data-testid="preview-card" className="gap-2 py-3">
            <CardHeader className="px-3">
              <CardTitle>Licenças ativas</CardTitle>
              <CardDescription>Texto secundário de exemplo.</CardDescription>
            </CardHeader>
            <CardContent className="flex items-center justify-between gap-2 px-3">
              <span className="text-2xl font-bold text-brand-accent">3</span>
              <Badge variant="secondary">Ativa</Badge>
            </CardContent>
          </Card>
          <Input aria-label="Campo de exemplo" placeholder="Número da conta" readOnly />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm">
              Download
            </Button>
            <Button type="button" size="sm" variant="secondary">
              Trocar Conta
            </Button>
            <Button type="button" size="sm" variant="outline">
              Voltar
            </Button>
          </div>
        </div>
      </div>
    </ThemeScope>
  )
}
