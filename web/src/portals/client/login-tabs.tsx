import * as React from 'react'
import { cn } from '@/lib/class-names'

/*
 * The client login's two tabs ("E-mail e Senha", "ID de Compra"), without Radix Tabs: that and the roving focus and
 * collection it brings would be most of the login page's own code. Same look (the classes of `ui/tabs.tsx`) and the
 * same behaviour: a tab list whose tabs are chosen by click or from the keyboard (arrows, wrapping, Home and End
 * move the focus and choose; Tab enters the list on the chosen tab), and only the chosen tab's panel on the page.
 */

export interface LoginTab {
  value: string
  label: string
  content: React.ReactNode
}

export function LoginTabs({ tabs, defaultValue, listClassName }: { tabs: readonly LoginTab[]; defaultValue: string; listClassName?: string }) {
  const [selected, setSelected] = React.useState(defaultValue)
  const id = React.useId()
  const triggers = React.useRef(new Map<string, HTMLButtonElement>())
  const triggerId = (value: string) => `${id}-trigger-${value}`
  const panelId = (value: string) => `${id}-content-${value}`

  const choose = (value: string) => {
    setSelected(value)
    triggers.current.get(value)?.focus()
  }
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (target === undefined) return
    event.preventDefault()
    choose(tabs[target]!.value)
  }
  const active = tabs.find((tab) => tab.value === selected)

  return (
    <div dir="ltr" data-orientation="horizontal" data-slot="tabs" className="flex flex-col gap-2">
      <div
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        data-slot="tabs-list"
        className={cn('inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground', listClassName)}
      >
        {tabs.map((tab, index) => {
          const isActive = tab.value === selected
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) triggers.current.set(tab.value, element)
                else triggers.current.delete(tab.value)
              }}
              type="button"
              role="tab"
              id={triggerId(tab.value)}
              aria-selected={isActive}
              aria-controls={panelId(tab.value)}
              data-state={isActive ? 'active' : 'inactive'}
              data-orientation="horizontal"
              data-slot="tabs-trigger"
              tabIndex={isActive ? 0 : -1}
              onClick={() => setSelected(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap transition-[color,box-shadow] outline-none',
                'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50',
                'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30',
              )}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {active && (
        <div
          key={active.value}
          role="tabpanel"
          id={panelId(active.value)}
          aria-labelledby={triggerId(active.value)}
          data-state="active"
          data-orientation="horizontal"
          data-slot="tabs-content"
          tabIndex={0}
          className="flex-1 outline-none"
        >
          {active.content}
        </div>
      )}
    </div>
  )
}
