//! Why an Eduzz body could not be read, in pt-BR (shown on the owner's
//! sales-channel log and answered to Eduzz as a 400).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EduzzParseError {
    InvalidJson(String),
    NotAnObject,
    /// `event` missing.
    MissingEventType,
    /// `id` missing: it keys the inbox row.
    MissingEventId,
    /// An invoice event without the invoice's id (`data.id`): it keys the sale.
    MissingInvoiceId {
        event: String,
    },
    /// An event that grants access without the buyer's e-mail.
    MissingBuyerEmail {
        event: String,
    },
    /// A contract (subscription) event without the contract's id.
    MissingContract {
        event: String,
    },
    InvalidField {
        field: &'static str,
        reason: &'static str,
    },
}

impl fmt::Display for EduzzParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidJson(detail) => write!(f, "Evento da Eduzz com JSON inválido: {detail}"),
            Self::NotAnObject => f.write_str("Evento da Eduzz não é um objeto JSON"),
            Self::MissingEventType => f.write_str("Evento da Eduzz sem tipo (campo event)"),
            Self::MissingEventId => f.write_str("Evento da Eduzz sem identificador (campo id)"),
            Self::MissingInvoiceId { event } => {
                write!(f, "Evento {event} da Eduzz sem código da fatura (campo data.id)")
            }
            Self::MissingBuyerEmail { event } => write!(f, "Evento {event} da Eduzz sem e-mail do comprador"),
            Self::MissingContract { event } => {
                write!(f, "Evento {event} da Eduzz sem código do contrato (campo data.contract.id)")
            }
            Self::InvalidField { field, reason } => write!(f, "Evento da Eduzz com o campo {field} inválido: {reason}"),
        }
    }
}

impl std::error::Error for EduzzParseError {}
