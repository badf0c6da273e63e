import type * as React from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/class-names'

/** The value a select uses for "none" (Radix refuses an empty item value); the form keeps ''. */
export const NONE = '__none__'

export interface Option {
  value: string
  label: string
}

type InputProps = Omit<React.ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'form'>

/**
 * A labelled input bound to a form field, with its hint and validation message. The field name is also the input's id;
 * `addon` sits right of the input (copy or generate buttons).
 */
export function TextField<Values extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  addon,
  ...inputProps
}: InputProps & { control: Control<Values>; name: FieldPath<Values>; label: string; description?: React.ReactNode; addon?: React.ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label}
            {required && <RequiredMark />}
          </FormLabel>
          <div className="flex gap-2">
            <FormControl>
              <Input {...inputProps} {...field} value={field.value ?? ''} aria-required={required || undefined} />
            </FormControl>
            {addon}
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A money input: two decimals, step 0.01, no negatives. */
export function MoneyField<Values extends FieldValues>(props: { control: Control<Values>; name: FieldPath<Values>; label: string; required?: boolean }) {
  return <TextField {...props} type="number" inputMode="decimal" step="0.01" min="0" placeholder="0,00" />
}

/** The asterisk of a required field, read out as "obrigatório". */
export function RequiredMark() {
  return (
    <span className="text-destructive" aria-hidden>
      *
    </span>
  )
}

/**
 * A labelled select bound to a form field. With `noneLabel` it offers an empty choice, kept as '' in the form.
 * `onChosen` runs after the field changes (e.g. a new tenant clears the choices that depended on the old one).
 */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  label,
  options,
  placeholder = 'Selecione',
  noneLabel,
  disabled,
  required,
  description,
  onChosen,
  children,
}: {
  control: Control<Values>
  name: FieldPath<Values>
  label: string
  options: readonly Option[]
  placeholder?: string
  noneLabel?: string
  disabled?: boolean
  required?: boolean
  description?: React.ReactNode
  onChosen?: (value: string) => void
  /** Shown between the label and the select (a search box). */
  children?: React.ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label}
            {required && <RequiredMark />}
          </FormLabel>
          {children}
          <Select
            name={field.name}
            value={field.value === '' && noneLabel ? NONE : (field.value ?? '')}
            onValueChange={(value) => {
              const next = value === NONE ? '' : value
              field.onChange(next)
              onChosen?.(next)
            }}
            disabled={disabled}
          >
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required={required || undefined}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A labelled multi-line text input. */
export function TextareaField<Values extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  rows = 3,
  className,
  placeholder,
  disabled,
  id,
}: {
  control: Control<Values>
  name: FieldPath<Values>
  label: string
  required?: boolean
  description?: React.ReactNode
  rows?: number
  /** The textarea's id, when two forms on one page have a field of the same name (default: the name). */
  id?: string
  /** Extra classes of the textarea (e.g. a monospace font for HTML). */
  className?: string
  placeholder?: string
  disabled?: boolean
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id}>
          <FormLabel>
            {label}
            {required && <RequiredMark />}
          </FormLabel>
          <FormControl>
            <textarea
              {...field}
              value={field.value ?? ''}
              rows={rows}
              placeholder={placeholder}
              disabled={disabled}
              aria-required={required || undefined}
              className={cn(
                'w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground md:text-sm dark:bg-input/30',
                'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50',
                className,
              )}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A labelled checkbox bound to a boolean form field (e.g. "Ativo"), with its hint. */
export function CheckboxField<Values extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<Values>
  name: FieldPath<Values>
  label: string
  description?: React.ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <FormControl>
            <input
              type="checkbox"
              ref={field.ref}
              name={field.name}
              checked={!!field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              className="size-4 accent-primary"
            />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
          {description && <FormDescription className="basis-full">{description}</FormDescription>}
          <FormMessage className="basis-full" />
        </FormItem>
      )}
    />
  )
}

/**
 * A labelled file input bound to a form field holding the chosen `File` (or null). A file input cannot be
 * given a value, so the form resets it by remounting (key) rather than by value.
 */
export function FileField<Values extends FieldValues>({
  control,
  name,
  label,
  accept,
  required,
  disabled,
  description,
  id,
}: {
  control: Control<Values>
  name: FieldPath<Values>
  label: string
  /** The input's id, when two forms on one page have a field of the same name (default: the name). */
  id?: string
  accept?: string
  required?: boolean
  disabled?: boolean
  description?: React.ReactNode
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id}>
          <FormLabel>
            {label}
            {required && <RequiredMark />}
          </FormLabel>
          <FormControl>
            <Input
              type="file"
              ref={field.ref}
              name={field.name}
              accept={accept}
              disabled={disabled}
              aria-required={required || undefined}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
