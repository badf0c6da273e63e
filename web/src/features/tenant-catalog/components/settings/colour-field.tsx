import type { Control, FieldPath } from 'react-hook-form'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { cssColour, type SettingsFormValues } from '../../schemas/settings-form'

/**
 * A colour as a picker and its hex text side by side; both edit the same value. Blank means the portal's default
 * or derived colour (shown as the placeholder and in the picker). `onEdited` runs on every change by hand.
 */
export function ColourField({
  control,
  name,
  label,
  fallback,
  onEdited,
}: {
  control: Control<SettingsFormValues>
  name: FieldPath<SettingsFormValues>
  label: string
  /** What a blank value gives (#rrggbb): the default, or the colour derived from the others. */
  fallback: string
  onEdited: () => void
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const text = typeof field.value === 'string' ? field.value : ''
        const change = (value: string) => {
          field.onChange(value)
          onEdited()
        }
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <div className="flex gap-2">
              <input
                type="color"
                aria-label={`${label}: seletor de cor`}
                // The picker only takes #rrggbb: a blank or half-typed value shows the default.
                value={cssColour(text, fallback).toLowerCase()}
                onChange={(event) => change(event.target.value)}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
              />
              <FormControl>
                <Input
                  ref={field.ref}
                  name={field.name}
                  value={text}
                  onChange={(event) => change(event.target.value)}
                  onBlur={field.onBlur}
                  placeholder={fallback}
                  maxLength={7}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                />
              </FormControl>
            </div>
            <FormMessage />
          </FormItem>
        )
      }}
    />
  )
}
