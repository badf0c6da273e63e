/** Hotmart's own steps for a buyer cancelling a subscription (help.hotmart.com, "Como cancelar minha assinatura?"). */
export function HotmartCancelSteps() {
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm" aria-label="Como cancelar na Hotmart">
      <li>
        Acesse{' '}
        <a className="font-medium underline underline-offset-2" href="https://consumer.hotmart.com" target="_blank" rel="noopener noreferrer">
          consumer.hotmart.com
        </a>{' '}
        e entre com o e-mail da compra.
      </li>
      <li>Escolha o produto.</li>
      <li>Clique em Configurar pagamento.</li>
      <li>Selecione “Deseja cancelar sua assinatura?” e confirme o cancelamento.</li>
    </ol>
  )
}
