//! Why an Asaas body could not be read, in pt-BR (shown on the owner's
//! sales-channel log and answered to Asaas as a 400).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AsaasParseError {
    InvalidJson(String),
    NotAnObject,
    /// `event` missing.
    MissingEventType,
    /// `id` missing: it keys the inbox row.
    MissingEventId,
    /// A payment event without the payment (`payment.id`): it keys the sale.
    MissingPayment {
        event: String,
    },
    /// A subscription event without the subscription's id.
    MissingSubscription {
        event: String,
    },
    InvalidField {
        field: &'static str,
        reason: &'static str,
    },
}

impl fmt::Display for AsaasParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidJson(detail) => write!(f, "Evento do Asaas com JSON inválido: {detail}"),
            Self::NotAnObject => f.write_str("Evento do Asaas não é um objeto JSON"),
            Self::MissingEventType => f.write_str("Evento do Asaas sem tipo (campo event)"),
            Self::MissingEventId => f.write_str("Evento do Asaas sem identificador (campo id)"),
            Self::MissingPayment { event } => write!(f, "Evento {event} do Asaas sem a cobrança (campo payment.id)"),
            Self::MissingSubscription { event } => {
                write!(f, "Evento {event} do Asaas sem código da assinatura (campo subscription.id)")
            }
            Self::InvalidField { field, reason } => write!(f, "Evento do Asaas com o campo {field} inválido: {reason}"),
        }
    }
}

impl std::error::Error for AsaasParseError {}
