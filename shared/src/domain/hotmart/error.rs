//! Why a Hotmart body could not be turned into an event, in pt-BR: the message
//! ends up on the admin's failed-jobs screen, next to the replay button.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HotmartParseError {
    /// The body is not JSON at all (the detail is serde_json's own position).
    InvalidJson(String),
    /// JSON, but not an object (`[]`, `"x"`, `42`, `null`).
    NotAnObject,
    MissingEventId,
    MissingEventType,
    /// A purchase event without `data.purchase.transaction`: the transaction is
    /// the sale's idempotency key, so nothing can be recorded without it.
    MissingTransaction {
        event: String,
    },
    /// An event that grants access without a buyer e-mail: the client is found
    /// or created by e-mail.
    MissingBuyerEmail {
        event: String,
    },
    /// A subscription event without the subscriber code, the subscription's key.
    MissingSubscriberCode {
        event: String,
    },
    /// A field that is present but has the wrong shape. Absent and `null`
    /// fields are `None`, never this.
    InvalidField {
        field: &'static str,
        reason: &'static str,
    },
}

impl fmt::Display for HotmartParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidJson(detail) => write!(f, "Evento da Hotmart com JSON inválido: {detail}"),
            Self::NotAnObject => f.write_str("Evento da Hotmart não é um objeto JSON"),
            Self::MissingEventId => f.write_str("Evento da Hotmart sem id"),
            Self::MissingEventType => f.write_str("Evento da Hotmart sem tipo (campo event)"),
            Self::MissingTransaction { event } => {
                write!(f, "Evento {event} da Hotmart sem código da transação (data.purchase.transaction)")
            }
            Self::MissingBuyerEmail { event } => write!(f, "Evento {event} da Hotmart sem e-mail do comprador"),
            Self::MissingSubscriberCode { event } => {
                write!(f, "Evento {event} da Hotmart sem código do assinante")
            }
            Self::InvalidField { field, reason } => {
                write!(f, "Evento da Hotmart com o campo {field} inválido: {reason}")
            }
        }
    }
}

impl std::error::Error for HotmartParseError {}
