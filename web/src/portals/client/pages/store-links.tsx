import { Link, useLocation } from 'react-router-dom'

/**
 * Paths inside the storefront keeping the current query: on development hosts `?tenant=` names the tenant, and a link
 * a buyer copies from the address bar must keep it.
 */
export function useStorePaths() {
  const { search } = useLocation()
  return {
    catalog: `/loja${search}`,
    robot: (robotId: string) => `/loja/${robotId}${search}`,
    login: `/login${search}`,
  }
}

/** The page's ways out: every robot of the store, and the buyer's area for who already bought. */
export function StoreLinks({ withCatalog = true }: { withCatalog?: boolean }) {
  const paths = useStorePaths()
  return (
    <>
      {withCatalog && (
        <Link to={paths.catalog} className="underline-offset-4 hover:underline">
          Ver todos os robôs
        </Link>
      )}
      <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
        Já comprou? Acessar minha área
      </Link>
    </>
  )
}
