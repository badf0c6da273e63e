import type { Control } from 'react-hook-form'
import { SelectField, TextField } from '@/components/data'
import { MAX_LEVERAGE, TICK_MODELS, TIMEFRAMES, type ProfileFormValues } from '../profile-form'

const timeframeOptions = TIMEFRAMES.map((timeframe) => ({ value: timeframe, label: timeframe }))

/**
 * The tester profile's fields (what the run tests on) and the thresholds it is judged by, two columns from a tablet
 * up. Each field shows its own message, the form's or the server's.
 */
export function ProfileFields({ control, disabled }: { control: Control<ProfileFormValues>; disabled?: boolean }) {
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">Perfil do teste</legend>
        <TextField control={control} name="symbol" label="Símbolo" required autoComplete="off" placeholder="EURUSD" description="Como a corretora escreve (ex.: EURUSD, XAUUSD.m)." />
        <SelectField control={control} name="timeframe" label="Período" options={timeframeOptions} required disabled={disabled} />
        <TextField control={control} name="from" label="De" type="date" required />
        <TextField control={control} name="to" label="Até" type="date" required />
        <TextField control={control} name="deposit" label="Depósito inicial" type="number" inputMode="numeric" min={1} step={1} required />
        <TextField control={control} name="currency" label="Moeda" required autoComplete="off" maxLength={3} placeholder="USD" className="uppercase" />
        <TextField
          control={control}
          name="leverage"
          label="Alavancagem"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LEVERAGE}
          step={1}
          required
          description="100 para 1:100."
        />
        <SelectField control={control} name="model" label="Modelo" options={TICK_MODELS} required disabled={disabled} description="Ticks reais é mais fiel e mais demorado." />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium">Critérios de recomendação</legend>
        <TextField
          control={control}
          name="maxDrawdownPercent"
          label="Rebaixamento máximo (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="0.1"
          required
          description="Acima disso, o teste sai como não recomendado."
        />
        <TextField
          control={control}
          name="minProfitFactor"
          label="Fator de lucro mínimo"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="0.01"
          required
          description="Abaixo disso, o teste sai como não recomendado."
        />
      </fieldset>
    </div>
  )
}
