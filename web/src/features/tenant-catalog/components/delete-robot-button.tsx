import * as React from 'react'
import { useNavigate } from 'react-router-dom'
import { Trash2Icon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/use-toast'
import { ApiError, errorMessage } from '@/lib/api/client'
import { useDeleteRobot } from '../api/robots'

/**
 * "Excluir robô" on a robot's page, behind a confirmation. Only a robot that was never licensed or sold can go (the
 * server answers 409 otherwise, and the dialog says so and points to deactivation); after the delete the robots list
 * opens.
 */
export function DeleteRobotButton({ robot }: { robot: { id: string; name: string } }) {
  const [open, setOpen] = React.useState(false)
  const remove = useDeleteRobot()
  const navigate = useNavigate()
  const inUse = remove.error instanceof ApiError && remove.error.status === 409

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return
    setOpen(next)
    if (!next) remove.reset()
  }

  const confirm = () =>
    remove.mutate(robot.id, {
      onSuccess: () => {
        toast({ title: 'Robô excluído', description: `${robot.name} e as suas versões foram excluídos.` })
        setOpen(false)
        navigate('/robots')
      },
    })

  return (
    <>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden />
        Excluir robô
      </Button>
      <AlertDialog open={open} onOpenChange={changeOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir {robot.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              O robô, todas as suas versões e os arquivos enviados são apagados. Só é possível excluir um robô que nunca teve licenças nem
              vendas. Esta ação não pode ser desfeita.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {remove.isError && (
            <Alert variant="destructive">
              <AlertTitle>{inUse ? 'Este robô não pode ser excluído' : 'Erro ao excluir robô'}</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(remove.error, 'Tente novamente.')}</p>
                {inUse && <p>Para que deixe de ser vendido, edite o robô na lista de robôs e desmarque “Ativo”.</p>}
              </AlertDescription>
            </Alert>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{inUse ? 'Fechar' : 'Cancelar'}</AlertDialogCancel>
            {!inUse && (
              // A plain button: the dialog stays open (showing progress or the refusal) until the server answers.
              <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
                {remove.isPending ? <Spinner label="Excluindo" /> : <Trash2Icon aria-hidden />}
                Excluir robô
              </Button>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
