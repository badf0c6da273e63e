import { CopyButton } from '@/components/data'
import { DashboardPanel } from '@/components/dashboard/dashboard-panel'
import { EXPERTS_FOLDER_PATH } from './getting-started-card'
import { WEB_REQUEST_OPTION, WEB_REQUEST_SETTING_PATH } from './web-request'

/**
 * How to install a downloaded robot. The robot checks its license over the internet, which MetaTrader blocks
 * unless the license server's address is in its WebRequest list, so that address is shown with a copy button (each
 * robot's card shows it too, with whether that robot has connected and what it still needs: the purchase e-mail only
 * for a copy that is not personal).
 */
export function InstallHelp({ webRequestUrl }: { webRequestUrl: string }) {
  return (
    <DashboardPanel title="Como instalar" description="Siga estes passos no MetaTrader 5 depois de baixar o robô">
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          Abra a pasta de dados: <span className="font-medium">{EXPERTS_FOLDER_PATH}</span>, e copie para ela o arquivo .ex5 baixado.
        </li>
        <li>Reinicie o MetaTrader ou, no Navegador, clique com o botão direito em Expert Advisors e escolha Atualizar.</li>
        <li className="space-y-2">
          <p>
            Em <span className="font-medium">{WEB_REQUEST_SETTING_PATH}</span>, marque “{WEB_REQUEST_OPTION}” e adicione a URL abaixo. Sem ela o
            robô não consegue validar a licença.
          </p>
          <div className="flex items-center gap-2">
            <code data-testid="web-request-url" className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">
              {webRequestUrl}
            </code>
            <CopyButton value={webRequestUrl} label="Copiar URL" success="URL copiada para a área de transferência." />
          </div>
        </li>
        <li>
          Ligue o “Algo Trading” na barra de ferramentas do MetaTrader (o robô só opera com ele ligado) e arraste o robô para um gráfico,
          marcando “Permitir Algo Trading” na aba Comum. O cartão de cada robô mostra se ele já se conectou e o que ainda falta.
        </li>
        <li>Robôs rodam no MetaTrader 5 para Windows, no computador ou numa VPS Windows; o aplicativo do celular não roda robôs.</li>
      </ol>
    </DashboardPanel>
  )
}
