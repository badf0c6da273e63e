import type * as React from 'react'
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { SaveIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Form } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { applyServerErrors } from '@/lib/forms'
import { SelectField, TextField } from '@/components/data'
import { useSaveSettings, type TenantSettings } from '../../api/settings'
import type { ColourName } from '@/lib/theme/palette'
import { accountChangeLimits, draftTheme, settingsFormDefaults, settingsFormSchema, settingsPayload, type SettingsFormValues } from '../../schemas/settings-form'
import { fontChoices, type ThemePreset } from '../../theme-presets'
import { BrandImageField } from './brand-image-field'
import { ColourField } from './colour-field'
import { ContrastGuard } from './contrast-guard'
import { PresetPicker } from './preset-picker'
import { SettingsPreview } from './settings-preview'

/** The colour fields, in the order shown, with their labels and the theme colour each one sets. */
const colourFields = [
  { name: 'themeColors.primary', label: 'Cor primária', colour: 'primary' },
  { name: 'themeColors.secondary', label: 'Cor secundária', colour: 'secondary' },
  { name: 'themeColors.accent', label: 'Cor de destaque', colour: 'accent' },
  { name: 'backgroundColors.background', label: 'Fundo', colour: 'background' },
  { name: 'backgroundColors.card', label: 'Cartões', colour: 'card' },
  { name: 'backgroundColors.sidebar', label: 'Barra lateral', colour: 'sidebar' },
  { name: 'foregroundColor', label: 'Texto', colour: 'foreground' },
] as const satisfies ReadonlyArray<{ name: string; label: string; colour: ColourName }>

const set = { shouldDirty: true, shouldValidate: true } as const

/** A numeric input for one of the account-change limits: its range, and its default as the placeholder. */
function limitProps(key: keyof typeof accountChangeLimits) {
  const { min, max, byDefault } = accountChangeLimits[key]
  return { type: 'number', inputMode: 'numeric', min, max, step: 1, placeholder: String(byDefault), autoComplete: 'off', description: `Padrão: ${byDefault}.` } as const
}

/** Fills the seven colours from a ready-made theme and remembers which one. */
function applyPreset(form: UseFormReturn<SettingsFormValues>, { id, colours }: ThemePreset) {
  form.setValue('themeColors.primary', colours.primary, set)
  form.setValue('themeColors.secondary', colours.secondary, set)
  form.setValue('themeColors.accent', colours.accent, set)
  form.setValue('backgroundColors.background', colours.background, set)
  form.setValue('backgroundColors.card', colours.card, set)
  form.setValue('backgroundColors.sidebar', colours.sidebar, set)
  form.setValue('foregroundColor', colours.foreground, set)
  form.setValue('settings.themePreset', id, { shouldDirty: true })
}

/**
 * The tenant's settings: ready-made themes, visual identity, colours, font and general settings, with a live
 * preview. The whole form is saved at once.
 */
export function SettingsForm({ settings, tenantName }: { settings: TenantSettings; tenantName: string }) {
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(settingsFormSchema), defaultValues: settingsFormDefaults(settings) })
  const preset = useWatch({ control: form.control, name: 'settings.themePreset' })
  const [themeColors, backgroundColors, foregroundColor, fontFamily, displayName, logoUrl] = useWatch({
    control: form.control,
    name: ['themeColors', 'backgroundColors', 'foregroundColor', 'fontFamily', 'displayName', 'logoUrl'],
  })
  // The look being edited, completed as the portals will complete it once saved.
  const theme = draftTheme({ themeColors, backgroundColors, foregroundColor, fontFamily })
  const save = useSaveSettings()
  // A colour changed by hand is no longer the theme's.
  const customColour = () => form.setValue('settings.themePreset', '', { shouldDirty: true })
  const fixColour = (colour: ColourName, value: string) => {
    const field = colourFields.find((candidate) => candidate.colour === colour)
    if (!field) return
    form.setValue(field.name, value, set)
    customColour()
  }

  const submit = form.handleSubmit((values) =>
    save.mutate(settingsPayload(values), {
      onSuccess: (saved) => {
        form.reset(settingsFormDefaults(saved))
        toast({ title: 'Configurações salvas', description: 'O portal já usa a nova aparência.' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Erro ao atualizar configurações',
          description: applyServerErrors(form, error, 'Não foi possível salvar as configurações.'),
        }),
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Section title="Temas prontos" description="Escolha um ponto de partida; depois ajuste as cores como quiser.">
            <PresetPicker value={preset} onChoose={(chosen) => applyPreset(form, chosen)} />
          </Section>
          <Section title="Identidade visual" description="Nome, logo e ícone da aba do navegador.">
            <TextField control={form.control} name="displayName" label="Nome de exibição" placeholder={tenantName} autoComplete="off" />
            <div className="grid gap-4 sm:grid-cols-2">
              <BrandImageField form={form} kind="logo" />
              <BrandImageField form={form} kind="favicon" />
            </div>
          </Section>
          <Section title="Cores" description="Formato #RRGGBB. Em branco, vale a cor padrão; o texto, os cartões e a barra lateral acompanham o fundo.">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {colourFields.map(({ name, label, colour }) => (
                <ColourField key={name} control={form.control} name={name} label={label} fallback={theme.colours[colour]} onEdited={customColour} />
              ))}
            </div>
            <SelectField control={form.control} name="fontFamily" label="Fonte" options={fontChoices} placeholder="Inter (recomendada)" />
          </Section>
          <Section title="Configurações gerais">
            <TextField control={form.control} name="settings.homepageUrl" label="Site (página inicial)" type="url" placeholder="https://" autoComplete="off" />
            <TextField control={form.control} name="settings.contactEmail" label="E-mail de contato" type="email" autoComplete="off" />
            <TextField
              control={form.control}
              name="settings.lessonsUrl"
              label="Área de ensino (URL)"
              type="url"
              placeholder="https://"
              autoComplete="off"
              description="Os clientes abrem este endereço na Área de Ensino do portal."
            />
          </Section>
          <Section title="Troca de conta pelos clientes" description="Quantas vezes um cliente pode vincular a licença a outra conta MetaTrader. Em branco, vale o padrão.">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField control={form.control} name="settings.accountChangesPerPeriod" label="Trocas por período" {...limitProps('accountChangesPerPeriod')} />
              <TextField control={form.control} name="settings.accountChangePeriodDays" label="Período (dias)" {...limitProps('accountChangePeriodDays')} />
              <TextField control={form.control} name="settings.accountChangeCooldownHours" label="Intervalo mínimo (horas)" {...limitProps('accountChangeCooldownHours')} />
            </div>
          </Section>
        </div>
        <div className="min-w-0">
          <Card className="lg:sticky lg:top-4">
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg">Pré-visualização</h2>
              </CardTitle>
              <CardDescription>Como o portal fica com estas escolhas.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SettingsPreview theme={theme} name={displayName?.trim() || tenantName} logoUrl={logoUrl?.trim() || null} />
              <ContrastGuard theme={theme} onFix={fixColour} />
              <Button type="submit" disabled={save.isPending} className="w-full">
                {save.isPending ? <Spinner label="Salvando" /> : <SaveIcon aria-hidden />}
                Salvar
              </Button>
            </CardContent>
          </Card>
        </div>
      </form>
    </Form>
  )
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}
