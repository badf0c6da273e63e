//! Readers for single values of a Kiwify payload. Absent, `null` and empty
//! are `None`; present with the wrong shape is an error naming the field, so
//! nothing is recorded from a payload half understood.

use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

use super::KiwifyParseError;

/// Walks `path` through nested objects; `None` when a step is missing or `null`.
pub(super) fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let found = path.iter().try_fold(value, |current, key| current.as_object()?.get(*key))?;
    (!found.is_null()).then_some(found)
}

/// An id or a name: a trimmed string, or a number's digits.
pub(super) fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Kiwify sends amounts in cents (`9700` is R$ 97,00), as numbers or digit strings.
pub(super) fn cents(value: Option<&Value>, field: &'static str) -> Result<Option<Decimal>, KiwifyParseError> {
    let invalid = || KiwifyParseError::InvalidField { field, reason: "não é um valor em centavos" };
    let cents = match value {
        None => return Ok(None),
        Some(Value::Number(n)) => n.as_i64().ok_or_else(invalid)?,
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().parse::<i64>().map_err(|_| invalid())?,
        Some(_) => return Err(invalid()),
    };
    // numeric(10, 2) holds up to 99 999 999,99.
    if cents.abs() >= 10_000_000_000 {
        return Err(KiwifyParseError::InvalidField { field, reason: "valor fora do intervalo" });
    }
    Ok(Some(Decimal::new(cents, 2)))
}

/// A moment. Kiwify writes `2024-01-15 10:30` (or with seconds) in Brasília
/// time, and sometimes RFC 3339 (`2024-01-15T13:30:00.000Z`).
pub(super) fn instant(value: Option<&Value>, field: &'static str) -> Result<Option<DateTime<Utc>>, KiwifyParseError> {
    let Some(text) = text(value) else {
        return Ok(None);
    };
    if let Ok(moment) = DateTime::parse_from_rfc3339(&text) {
        return Ok(Some(moment.with_timezone(&Utc)));
    }
    // Brazil has kept UTC−3 all year since 2019.
    let brasilia = FixedOffset::west_opt(3 * 3600).expect("a valid offset");
    ["%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(&text, format).ok())
        .and_then(|local| brasilia.from_local_datetime(&local).single())
        .map(|moment| Some(moment.with_timezone(&Utc)))
        .ok_or(KiwifyParseError::InvalidField { field, reason: "não é uma data reconhecida" })
}

/// A small count (installments).
pub(super) fn count(value: Option<&Value>) -> Option<i32> {
    match value? {
        Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}
