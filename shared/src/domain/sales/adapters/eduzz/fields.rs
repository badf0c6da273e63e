//! Eduzz's values, read with the shared payload readers and any misfit named
//! by its field (`data.price.value`), so the owner's log says what is wrong.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

use super::EduzzParseError;
pub(super) use crate::domain::sales::payload::{at, count, email, first, text};
use crate::domain::sales::payload::{instant, reais};

/// Eduzz sends amounts in reais (`301.5` is R$ 301,50).
pub(super) fn amount(value: Option<&Value>, field: &'static str) -> Result<Option<Decimal>, EduzzParseError> {
    reais(value).map_err(|reason| EduzzParseError::InvalidField { field, reason })
}

/// Eduzz writes moments in RFC 3339 (`2024-01-09T14:45:00.000Z`).
pub(super) fn moment(value: Option<&Value>, field: &'static str) -> Result<Option<DateTime<Utc>>, EduzzParseError> {
    instant(value).map_err(|reason| EduzzParseError::InvalidField { field, reason })
}
