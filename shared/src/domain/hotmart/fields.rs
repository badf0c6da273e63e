//! Readers for single JSON values of a postback. The rule for all of them:
//! absent or `null` is `None`; present with the wrong shape is an error naming
//! the field, so a sale is never recorded with a silently dropped amount.

use std::str::FromStr;

use chrono::{DateTime, Utc};
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

use super::HotmartParseError;

/// Walks `path` through nested objects; `None` when a step is missing, is not
/// an object, or ends on `null`.
pub(super) fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let found = path.iter().try_fold(value, |current, key| current.as_object()?.get(*key))?;
    (!found.is_null()).then_some(found)
}

/// Text that identifies something (transaction, subscriber code, ids): a string
/// trimmed, or a number's digits, since Hotmart sends some ids either way.
/// Empty text and other shapes are `None`: an id that is not there.
pub(super) fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => {
            let trimmed = s.trim();
            (!trimmed.is_empty()).then(|| trimmed.to_string())
        }
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An amount, exact to the cent.
///
/// serde_json keeps a number as an `f64` (unless its `arbitrary_precision`
/// feature is on, in which case it keeps the text). Its `Display` prints the
/// shortest text that reads back as the same `f64`, which for any amount with
/// up to 15 significant digits is the text Hotmart sent, so parsing that text
/// as a `Decimal` recovers the amount exactly: 29.67 stays 29.67, never
/// 29.669999999999998. The result is rounded half away from zero to two places
/// and carries scale 2 (`297` becomes `297.00`), the shape of `numeric(10, 2)`.
pub(super) fn money(value: Option<&Value>, field: &'static str) -> Result<Option<Decimal>, HotmartParseError> {
    let invalid = |reason| HotmartParseError::InvalidField { field, reason };
    let text = match value {
        None => return Ok(None),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
        Some(_) => return Err(invalid("não é um valor numérico")),
    };
    let parsed = Decimal::from_str_exact(&text)
        .or_else(|_| Decimal::from_scientific(&text))
        .or_else(|_| Decimal::from_str(&text))
        .map_err(|_| invalid("valor numérico fora do formato ou do intervalo aceito"))?;
    let mut cents = parsed.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    cents.rescale(2);
    Ok(Some(cents))
}

/// A moment. Hotmart sends epoch milliseconds; a numeric string of them and an
/// RFC 3339 text (seen in `UPDATE_SUBSCRIPTION_CHARGE_DATE`) are accepted too.
pub(super) fn instant(value: Option<&Value>, field: &'static str) -> Result<Option<DateTime<Utc>>, HotmartParseError> {
    let invalid = |reason| HotmartParseError::InvalidField { field, reason };
    let millis = match value {
        None => return Ok(None),
        Some(Value::Number(n)) => match (n.as_i64(), n.as_f64()) {
            (Some(ms), _) => ms,
            // 1.7639895E12 and the like: whole milliseconds written as a float.
            (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => f as i64,
            _ => return Err(invalid("não é uma data em milissegundos")),
        },
        Some(Value::String(s)) => {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            match s.parse::<i64>() {
                Ok(ms) => ms,
                Err(_) => {
                    return DateTime::parse_from_rfc3339(s)
                        .map(|moment| Some(moment.with_timezone(&Utc)))
                        .map_err(|_| invalid("não é uma data reconhecida"));
                }
            }
        }
        Some(_) => return Err(invalid("não é uma data em milissegundos")),
    };
    DateTime::from_timestamp_millis(millis).map(Some).ok_or_else(|| invalid("data fora do intervalo"))
}

/// A small count (installments, recurrence number).
pub(super) fn count(value: Option<&Value>, field: &'static str) -> Result<Option<i32>, HotmartParseError> {
    let invalid = || HotmartParseError::InvalidField { field, reason: "não é um número inteiro" };
    match value {
        None => Ok(None),
        Some(Value::Number(n)) => n.as_i64().and_then(|n| i32::try_from(n).ok()).map(Some).ok_or_else(invalid),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<i32>().map(Some).map_err(|_| invalid()),
        Some(_) => Err(invalid()),
    }
}
