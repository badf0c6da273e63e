/** Where MetaTrader 5 lists the addresses an Expert Advisor may call, as its menus name the way there. */
export const WEB_REQUEST_SETTING_PATH = 'Ferramentas → Opções → Expert Advisors'
export const WEB_REQUEST_OPTION = 'Permitir WebRequest para as URLs listadas'
