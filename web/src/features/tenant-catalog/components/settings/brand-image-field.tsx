import * as React from 'react'
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { toast } from '@/components/ui/use-toast'
import { errorMessage } from '@/lib/api/client'
import { useUploadBrandImage, type BrandImageKind } from '../../api/settings'
import { IMAGE_UPLOAD_FAILED } from '../../file-rules'
import type { SettingsFormValues } from '../../schemas/settings-form'
import { ImagePicker } from '../image-picker'

const texts: Record<BrandImageKind, { field: 'logoUrl' | 'faviconUrl'; label: string; uploaded: string; failed: string }> = {
  logo: { field: 'logoUrl', label: 'Logo', uploaded: 'Logo enviado', failed: 'Erro ao fazer upload do logo' },
  favicon: { field: 'faviconUrl', label: 'Favicon', uploaded: 'Favicon enviado', failed: 'Erro ao fazer upload do favicon' },
}

/**
 * The tenant's logo or favicon: uploaded as soon as it is picked (the server keeps it as the current one at once),
 * its URL then goes into the form; "Remover" clears it, which takes effect on save.
 */
export function BrandImageField({ form, kind }: { form: UseFormReturn<SettingsFormValues>; kind: BrandImageKind }) {
  const { field, label, uploaded, failed } = texts[kind]
  const url = useWatch({ control: form.control, name: field })
  const { errors } = useFormState({ control: form.control, name: field })
  const [uploadError, setUploadError] = React.useState<string | null>(null)
  const upload = useUploadBrandImage(kind)

  const pick = (file: File) => {
    setUploadError(null)
    form.clearErrors(field)
    upload.mutate(file, {
      onSuccess: (stored) => {
        form.setValue(field, stored, { shouldDirty: true })
        toast({ title: uploaded })
      },
      onError: (error) => {
        const message = errorMessage(error, IMAGE_UPLOAD_FAILED)
        setUploadError(message)
        toast({ variant: 'destructive', title: failed, description: message })
      },
    })
  }

  return (
    <ImagePicker
      id={`settings-${kind}`}
      label={label}
      imageUrl={url || null}
      alt={`${label} atual`}
      onPick={pick}
      onRemove={() => form.setValue(field, '', { shouldDirty: true })}
      pending={upload.isPending}
      error={uploadError ?? errors[field]?.message ?? null}
      previewClassName={kind === 'favicon' ? 'size-10' : undefined}
    />
  )
}
