import * as React from 'react'
import { cn } from '@/lib/class-names'

/**
 * Whether the element scrolls sideways (a wide table on a phone), followed as its size or content changes. Such a
 * region must take the keyboard focus, or a keyboard user cannot scroll to what is off-screen (axe:
 * scrollable-region-focusable).
 */
function useScrollsSideways(): [React.RefCallback<HTMLDivElement>, boolean] {
  const [scrolls, setScrolls] = React.useState(false)
  const observer = React.useRef<ResizeObserver | null>(null)
  const ref = React.useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    observer.current = new ResizeObserver(measure)
    observer.current.observe(element)
    if (element.firstElementChild) observer.current.observe(element.firstElementChild)
    measure()
  }, [])
  return [ref, scrolls]
}

export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  const [ref, scrolls] = useScrollsSideways()
  return (
    <div
      ref={ref}
      data-slot="table-container"
      // Named after the table when it has a name, so the region a screen reader announces says which table it is.
      {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': props['aria-label'] ?? 'Tabela: role para o lado para ver todas as colunas' })}
      className="relative w-full overflow-x-auto rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)} {...props} />
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)} {...props} />
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return <th className={cn('h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)} {...props} />
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td className={cn('p-2 align-middle whitespace-nowrap', className)} {...props} />
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
}
