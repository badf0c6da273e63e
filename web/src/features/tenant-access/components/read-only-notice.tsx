import { EyeIcon } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { ownerRoleLabels } from '../permissions'
import { useOwnerRole } from '../use-can'

/** Above a screen an owner's role may read but not change. */
export function ReadOnlyNotice() {
  const role = useOwnerRole()
  return (
    <Alert role="status">
      <EyeIcon aria-hidden />
      <AlertTitle>Somente leitura</AlertTitle>
      <AlertDescription>
        {role ? `Seu perfil (${ownerRoleLabels[role]}) pode ver estas informações, mas só um administrador pode alterá-las.` : 'Só um administrador pode alterar estas informações.'}
      </AlertDescription>
    </Alert>
  )
}
