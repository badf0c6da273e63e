//! Asaas's values, read with the shared payload readers and any misfit named
//! by its field (`payment.value`), so the owner's log says what is wrong.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

use super::AsaasParseError;
pub(super) use crate::domain::sales::payload::{at, count, text};
use crate::domain::sales::payload::{instant, reais};

/// Asaas sends amounts in reais (`19.9` is R$ 19,90).
pub(super) fn amount(value: Option<&Value>, field: &'static str) -> Result<Option<Decimal>, AsaasParseError> {
    reais(value).map_err(|reason| AsaasParseError::InvalidField { field, reason })
}

/// Asaas writes dates as `2024-06-12`, moments as `2024-06-12 16:45:03`
/// (Brasília time) and a subscription's dates as `22/11/2024`.
pub(super) fn moment(value: Option<&Value>, field: &'static str) -> Result<Option<DateTime<Utc>>, AsaasParseError> {
    instant(value).map_err(|reason| AsaasParseError::InvalidField { field, reason })
}
