import { CopyButton } from '@/components/data'
import { DashboardPanel } from '@/components/dashboard/dashboard-panel'
import { EXPERTS_FOLDER_PATH } from './getting-started-card'

/** Where MetaTrader 5 lists the addresses an Expert Advisor may call, as its menus name the way there. */
export const WEB_REQUEST_SETTING_PATH = 'Ferramentas → Opções → Expert Advisors'
export const WEB_REQUEST_OPTION = 'Permitir WebRequest para as URLs listadas'

/**
 * How to install a downloaded robot. The robot checks its license over the internet, which MetaTrader blocks
 * unless the license server's address is in its WebRequest list, so that address is shown with a copy button.
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
            <code data-testid="web-request-url" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-sm">
              {webRequestUrl}
            </code>
            <CopyButton value={webRequestUrl} label="Copiar URL" success="URL copiada para a área de transferência." />
          </div>
        </li>
        <li>Arraste o robô para um gráfico e informe o e-mail da sua conta e o número da conta MetaTrader vinculada à licença.</li>
      </ol>
    </DashboardPanel>
  )
}
