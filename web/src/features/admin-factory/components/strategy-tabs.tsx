import { useFormState, useWatch, type Control } from 'react-hook-form'
import { AlertCircleIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { TextareaField } from '@/components/data'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { cn } from '@/lib/class-names'
import { BLOCK_MAX, BLOCK_MIN, strategyBlocks, type FactoryFormValues, type StrategyBlock } from '../factory-form'

const countFormatter = new Intl.NumberFormat('pt-BR')

/** "123 / 4000 caracteres (mínimo 10)": how much of the block is written. */
function BlockLength({ control, block }: { control: Control<FactoryFormValues>; block: StrategyBlock }) {
  const text = useWatch({ control, name: block.name })
  const length = text.trim().length
  return (
    <span className={cn('tabular-nums', length > BLOCK_MAX && 'text-destructive')}>
      {countFormatter.format(length)} / {countFormatter.format(BLOCK_MAX)} caracteres (mínimo {BLOCK_MIN})
    </span>
  )
}

/**
 * The strategy's six blocks as tabs 1 to 6, with Anterior / Próximo. Every block stays mounted (inactive ones are
 * hidden), so a block's error can take the focus once its tab is shown. A tab whose block has an error is marked.
 */
export function StrategyTabs({
  control,
  tab,
  onTabChange,
  disabled,
}: {
  control: Control<FactoryFormValues>
  /** The index (0 to 5) of the block shown. */
  tab: number
  onTabChange: (tab: number) => void
  disabled?: boolean
}) {
  const { errors } = useFormState({ control })
  const last = strategyBlocks.length - 1
  return (
    <Tabs value={strategyBlocks[tab]!.name} onValueChange={(name) => onTabChange(strategyBlocks.findIndex((block) => block.name === name))}>
      <TabsList aria-label="Blocos da estratégia" className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3 xl:grid-cols-6">
        {strategyBlocks.map((block, index) => {
          const invalid = !!errors[block.name]
          return (
            <TabsTrigger
              key={block.name}
              value={block.name}
              data-invalid={invalid || undefined}
              className="h-auto min-h-9 justify-start gap-2 px-2 py-1.5 text-left whitespace-normal data-[invalid]:text-destructive"
            >
              <span className="tabular-nums">{index + 1}.</span>
              <span className="flex-1">{block.label}</span>
              {invalid && (
                <>
                  <AlertCircleIcon aria-hidden className="size-4 shrink-0" />
                  <span className="sr-only">(com erro)</span>
                </>
              )}
            </TabsTrigger>
          )
        })}
      </TabsList>
      {strategyBlocks.map((block) => (
        <TabsContent key={block.name} value={block.name} forceMount className="pt-2 data-[state=inactive]:hidden">
          <TextareaField
            control={control}
            name={block.name}
            label={block.label}
            required
            rows={8}
            placeholder={block.placeholder}
            disabled={disabled}
            description={<BlockLength control={control} block={block} />}
          />
        </TabsContent>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-2">
        <Button variant="outline" onClick={() => onTabChange(tab - 1)} disabled={tab === 0}>
          <ChevronLeftIcon aria-hidden />
          Anterior
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          Bloco {tab + 1} de {strategyBlocks.length}
        </span>
        <Button variant="outline" onClick={() => onTabChange(tab + 1)} disabled={tab === last}>
          Próximo
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </Tabs>
  )
}
