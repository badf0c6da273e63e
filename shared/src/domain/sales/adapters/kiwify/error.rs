//! Why a Kiwify body could not be read, in pt-BR (shown on the owner's
//! sales-channel log and answered to Kiwify as a 400).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KiwifyParseError {
    InvalidJson(String),
    NotAnObject,
    /// `webhook_event_type` missing.
    MissingEventType,
    /// `order_id` missing: it keys the sale and the inbox row.
    MissingOrderId,
    /// An event that grants access without the buyer's e-mail (`Customer.email`).
    MissingBuyerEmail {
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

impl fmt::Display for KiwifyParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidJson(detail) => write!(f, "Evento da Kiwify com JSON inválido: {detail}"),
            Self::NotAnObject => f.write_str("Evento da Kiwify não é um objeto JSON"),
            Self::MissingEventType => f.write_str("Evento da Kiwify sem tipo (campo webhook_event_type)"),
            Self::MissingOrderId => f.write_str("Evento da Kiwify sem código do pedido (campo order_id)"),
            Self::MissingBuyerEmail { event } => write!(f, "Evento {event} da Kiwify sem e-mail do comprador"),
            Self::MissingSubscription { event } => write!(f, "Evento {event} da Kiwify sem código da assinatura"),
            Self::InvalidField { field, reason } => {
                write!(f, "Evento da Kiwify com o campo {field} inválido: {reason}")
            }
        }
    }
}

impl std::error::Error for KiwifyParseError {}
