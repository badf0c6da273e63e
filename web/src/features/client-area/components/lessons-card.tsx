import { BookOpenIcon, ExternalLinkIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { webUrl } from '../safe-url'
import { EmptyCard } from './card-list-states'

/** The tenant's training area, opened in a new tab; or a note that the seller set none up. */
export function LessonsCard({ lessonsUrl }: { lessonsUrl: string | null | undefined }) {
  const url = webUrl(lessonsUrl)
  if (!url) {
    return (
      <EmptyCard
        icon={<BookOpenIcon />}
        title="Nenhum material de treinamento configurado"
        hint="Quando o vendedor disponibilizar o material de treinamento, ele aparecerá aqui."
      />
    )
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <BookOpenIcon aria-hidden className="size-10 text-primary" />
        <div className="space-y-1">
          <p className="font-medium">Material de treinamento</p>
          <p className="max-w-md text-sm text-muted-foreground">Aulas e guias para configurar e operar seus robôs. O conteúdo abre em uma nova aba.</p>
        </div>
        <Button asChild size="lg">
          {/* noopener: the training site gets no handle on this tab; noreferrer: nor the portal's address. */}
          <a href={url} target="_blank" rel="noopener noreferrer">
            Acessar Área de Ensino
            <ExternalLinkIcon aria-hidden />
          </a>
        </Button>
      </CardContent>
    </Card>
  )
}
