import type { Control } from 'react-hook-form'
import { RequiredMark } from '@/components/data'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { cn } from '@/lib/class-names'
import type { AuthTemplateValues } from '../auth-template-form'

/**
 * The template's MQL5 code: 20 rows of monospace text, without the spell checker, autocorrection and
 * capitalisation a browser would otherwise apply to code.
 */
export function TemplateCodeField({ control }: { control: Control<AuthTemplateValues> }) {
  return (
    <FormField
      control={control}
      name="templateCode"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            Código do template
            <RequiredMark />
          </FormLabel>
          <FormControl>
            <textarea
              {...field}
              rows={20}
              spellCheck={false}
              autoCorrect="off"
              autoCapitalize="off"
              aria-required
              className={cn(
                'w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 font-mono text-xs leading-relaxed shadow-xs outline-none dark:bg-input/30',
                'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50',
              )}
            />
          </FormControl>
          <FormDescription>Deve conter {'{{TENANT_AUTH_URL}}'}, {'{{TENANT_ID}}'} e {'{{ROBOT_ID}}'}.</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
