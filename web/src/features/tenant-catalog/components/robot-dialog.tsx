import * as React from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Form } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { CheckboxField, FormDialog, FormDialogFooter, TextareaField, TextField } from '@/components/data'
import { LogoUploadError, useSaveRobot, type RobotItem } from '../api/robots'
import { IMAGE_UPLOAD_FAILED } from '../file-rules'
import { ROBOT_PLATFORM, robotFormDefaults, robotFormSchema, robotPayload, type RobotFormValues } from '../schemas/robot-form'
import { ImagePicker, readAsDataUrl } from './image-picker'

interface RobotDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The robot to edit; null creates one. */
  robot: RobotItem | null
}

/** Creates or edits one of the owner's robots, with its logo. */
export function RobotDialog({ open, onOpenChange, robot }: RobotDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={robot ? 'Editar Robô' : 'Novo Robô'}
      description={robot ? `Altere os dados de ${robot.name}.` : 'Cadastre um Expert Advisor para vender e licenciar.'}
    >
      {/* Keyed by robot: each opening starts from that robot's values. */}
      <RobotForm key={robot?.id ?? 'new'} robot={robot} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

/** The logo as the dialog holds it: a newly picked file (with its preview) or the removal of the stored one. */
interface LogoChoice {
  file: File | null
  preview: string | null
  removed: boolean
  error: string | null
}

function RobotForm({ robot, onDone }: { robot: RobotItem | null; onDone: () => void }) {
  const editing = robot !== null
  const form = useForm<RobotFormValues>({ resolver: zodResolver(robotFormSchema), defaultValues: robotFormDefaults(robot) })
  const [logo, setLogo] = React.useState<LogoChoice>({ file: null, preview: null, removed: false, error: null })
  const save = useSaveRobot()

  const pick = async (file: File) => {
    setLogo({ file, preview: null, removed: false, error: null })
    const preview = await readAsDataUrl(file).catch(() => null)
    // Only if no other file was picked meanwhile.
    setLogo((current) => (current.file === file ? { ...current, preview } : current))
  }

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: robot?.id, body: robotPayload(values, { removeLogo: logo.removed }), logo: logo.file },
      {
        onSuccess: ({ logoError }) => {
          if (logoError) {
            // The robot exists by now: say so, and close; the logo can be added later by editing.
            toast({
              variant: 'destructive',
              title: 'Robô criado, mas falha no upload do logo',
              description: `${errorMessage(logoError, IMAGE_UPLOAD_FAILED)} Adicione o logo depois, editando o robô.`,
            })
          } else {
            toast({ title: editing ? 'Robô atualizado' : 'Robô criado' })
          }
          onDone()
        },
        onError: (error) => {
          if (error instanceof LogoUploadError) {
            const message = errorMessage(error.cause, IMAGE_UPLOAD_FAILED)
            setLogo((current) => ({ ...current, error: message }))
            toast({ variant: 'destructive', title: 'Erro ao fazer upload do logo', description: message })
            return
          }
          toast({
            variant: 'destructive',
            title: editing ? 'Erro ao atualizar robô' : 'Erro ao criar robô',
            description: applyServerErrors(form, error, 'Não foi possível salvar o robô.'),
          })
        },
      },
    ),
  )

  const shownLogo = logo.preview ?? (logo.file || logo.removed ? null : robot?.logoUrl)
  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField control={form.control} name="name" label="Nome" autoComplete="off" required />
        <TextareaField control={form.control} name="description" label="Descrição" />
        <div className="grid gap-2">
          <Label htmlFor="robot-platform">Plataforma</Label>
          <Input id="robot-platform" value={ROBOT_PLATFORM} readOnly className="bg-muted/50" aria-describedby="robot-platform-hint" />
          <p id="robot-platform-hint" className="text-xs text-muted-foreground">
            Robôs para MetaTrader 5 (.ex5).
          </p>
        </div>
        <ImagePicker
          id="robot-logo"
          label="Logo"
          imageUrl={shownLogo}
          alt={`Logo ${robot?.name ?? 'do robô'}`}
          onPick={(file) => void pick(file)}
          onRemove={() => setLogo({ file: null, preview: null, removed: Boolean(robot?.logoUrl), error: null })}
          error={logo.error}
          pending={save.isPending}
        />
        <TextField
          control={form.control}
          name="trialDays"
          label="Período de teste (dias)"
          type="number"
          inputMode="numeric"
          min={1}
          max={90}
          step={1}
          required
          description="Quanto dura uma licença de teste deste robô quando nenhuma data de término é escolhida (1 a 90 dias)."
        />
        <CheckboxField control={form.control} name="active" label="Ativo" />
        <FormDialogFooter editing={editing} pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  )
}
