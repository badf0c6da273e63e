import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from 'react-router-dom'
import { CpuIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { RequiredMark, TextField } from '@/components/data'
import { ApiError, errorMessage } from '@/lib/api/client'
import { applyServerErrors } from '@/lib/forms'
import { renameServerFields } from '@/lib/server-fields'
import { importFormDefaults, importFormSchema, MQ5_ACCEPT, robotNameFromFileName, type ImportFormValues } from '../import-form'
import { isRunningPhase, type ImportPhase } from '../job-progress'
import { readSourceFile } from '../read-source-file'
import type { ImportJob } from '../use-import-job'

const SEND_FAILED = 'Não foi possível enviar o arquivo.'
const READ_FAILED = 'Não foi possível ler o arquivo. Escolha-o de novo.'

/**
 * The .mq5 and the robot that receives it. The name follows the chosen file until the owner types one of their own.
 * The file's text is read on submit; the form stays filled after a failed compile, so it can be sent again.
 */
export function SourceImportForm({ phase, start }: { phase: ImportPhase; start: ImportJob['start'] }) {
  const form = useForm<ImportFormValues>({ resolver: zodResolver(importFormSchema), defaultValues: importFormDefaults })
  const [reading, setReading] = useState(false)
  // The name last taken from a file: replaced by the next file's, unless the owner changed it since.
  const suggestedName = useRef('')
  const sending = reading || phase === 'uploading'
  const busy = reading || isRunningPhase(phase)
  // The inputs stay usable while the file is read and sent, so a refusal can put the focus on the field at fault.
  const compiling = phase === 'pending' || phase === 'processing'

  const chooseFile = (file: File | null) => {
    form.setValue('file', file, { shouldDirty: true })
    if (!file) return
    void form.trigger('file')
    const current = form.getValues('robotName').trim()
    if (current === '' || current === suggestedName.current) {
      suggestedName.current = robotNameFromFileName(file.name)
      form.setValue('robotName', suggestedName.current, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
    }
  }

  const refuseCreation = (error: unknown) => {
    const description = applyServerErrors(form, renameServerFields(error, { sourceCode: 'file', fileName: 'file' }), SEND_FAILED)
    // 422: the source cannot take the license check (not an Expert Advisor…); 413: the tenant's storage is full
    // ("Limite de armazenamento atingido: …"). Either concerns the file, and the message stays under it.
    if (error instanceof ApiError && (error.status === 422 || error.status === 413)) {
      form.setError('file', { type: 'server', message: errorMessage(error, SEND_FAILED) }, { shouldFocus: true })
    }
    toast({ variant: 'destructive', title: 'Erro ao iniciar a compilação', description })
  }

  const submit = form.handleSubmit(async ({ file, robotName }) => {
    if (!file) return
    setReading(true)
    let source: Awaited<ReturnType<typeof readSourceFile>>
    try {
      source = await readSourceFile(file)
    } catch {
      // The file was moved or deleted after being chosen.
      source = { ok: false, message: READ_FAILED }
    } finally {
      setReading(false)
    }
    if (!source.ok) {
      form.setError('file', { type: 'validate', message: source.message }, { shouldFocus: true })
      return
    }
    start({ robotName, sourceCode: source.text, fileName: file.name }, { onError: refuseCreation })
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Importar código-fonte">
        {/* While a job compiles nothing here changes: what is shown is what is being compiled. */}
        <fieldset disabled={compiling} className="grid gap-4 sm:max-w-xl">
          <FormField
            control={form.control}
            name="file"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  Arquivo .mq5
                  <RequiredMark />
                </FormLabel>
                <FormControl>
                  <Input
                    type="file"
                    ref={field.ref}
                    name={field.name}
                    accept={MQ5_ACCEPT}
                    aria-required
                    onBlur={field.onBlur}
                    onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
                  />
                </FormControl>
                <FormDescription>O código-fonte do Expert Advisor, como o MetaEditor salva (UTF-8 ou UTF-16), até 1MB.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="robotName"
            label="Nome do robô"
            required
            autoComplete="off"
            description="Se já existir um robô com este nome, o arquivo compilado vira a próxima versão dele; senão, um novo robô é criado."
          />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {/* The text says what is going on; a labelled spinner would say it twice. */}
            {busy ? <Spinner aria-hidden /> : <CpuIcon aria-hidden />}
            {busy ? (sending ? 'Enviando…' : 'Compilando…') : 'Compilar'}
          </Button>
          <Button variant="outline" asChild>
            <Link to="/robots">Cancelar</Link>
          </Button>
        </div>
      </form>
    </Form>
  )
}
