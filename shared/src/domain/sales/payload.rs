//! Readers for single values of a platform's JSON payload, shared by the
//! adapters that read amounts in reais and dates in a handful of formats
//! (Eduzz, Asaas). Absent, `null` and empty are `None`; present with the
//! wrong shape is `Err(reason)`, which the adapter turns into its own error
//! naming the field, so nothing is recorded from a payload half understood.

use std::str::FromStr;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

/// Walks `path` through nested objects; `None` when a step is missing or `null`.
pub fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let found = path.iter().try_fold(value, |current, key| current.as_object()?.get(*key))?;
    (!found.is_null()).then_some(found)
}

/// The first element of an array field (`items[0]`), when there is one.
pub fn first<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    at(value, path)?.as_array()?.first().filter(|item| !item.is_null())
}

/// An id or a name: a trimmed string, or a number's digits.
pub fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An e-mail, trimmed and lower-cased (how clients are keyed everywhere).
pub fn email(value: Option<&Value>) -> Option<String> {
    text(value).map(|email| email.to_lowercase()).filter(|email| email.contains('@'))
}

/// An amount in reais (`301.5`, `"97.00"`), exact to the cent.
pub fn reais(value: Option<&Value>) -> Result<Option<Decimal>, &'static str> {
    let digits = match value {
        None => return Ok(None),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => return Err("não é um valor em reais"),
    };
    let amount = Decimal::from_str(&digits)
        .or_else(|_| Decimal::from_scientific(&digits))
        .map_err(|_| "não é um valor em reais")?;
    // numeric(10, 2) holds up to 99 999 999,99.
    if amount.abs() >= Decimal::new(100_000_000, 0) {
        return Err("valor fora do intervalo");
    }
    Ok(Some(amount.round_dp(2)))
}

/// A moment: RFC 3339 (`2024-01-09T14:45:00.000Z`), or Brasília local time
/// as `2024-06-12 16:45:03`, `2024-06-12` or `22/11/2024` (a date alone is
/// its midnight in Brasília).
pub fn instant(value: Option<&Value>) -> Result<Option<DateTime<Utc>>, &'static str> {
    let Some(text) = text(value) else {
        return Ok(None);
    };
    if let Ok(moment) = DateTime::parse_from_rfc3339(&text) {
        return Ok(Some(moment.with_timezone(&Utc)));
    }
    // Brazil has kept UTC−3 all year since 2019.
    let brasilia = FixedOffset::west_opt(3 * 3600).expect("a valid offset");
    let local = ["%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S%.f"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(&text, format).ok())
        .or_else(|| {
            ["%Y-%m-%d", "%d/%m/%Y"]
                .iter()
                .find_map(|format| NaiveDate::parse_from_str(&text, format).ok())
                .and_then(|date| date.and_hms_opt(0, 0, 0))
        });
    local
        .and_then(|local| brasilia.from_local_datetime(&local).single())
        .map(|moment| Some(moment.with_timezone(&Utc)))
        .ok_or("não é uma data reconhecida")
}

/// A small count (installments, a charge's number).
pub fn count(value: Option<&Value>) -> Option<i32> {
    match value? {
        Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn amounts_are_exact_to_the_cent() {
        assert_eq!(reais(Some(&json!(301.5))), Ok(Some(Decimal::new(30150, 2))));
        assert_eq!(reais(Some(&json!(19.9))), Ok(Some(Decimal::new(1990, 2))));
        assert_eq!(reais(Some(&json!("97.00"))), Ok(Some(Decimal::new(9700, 2))));
        assert_eq!(reais(Some(&json!(0.1))), Ok(Some(Decimal::new(10, 2))));
        assert_eq!(reais(None), Ok(None));
        assert!(reais(Some(&json!("9,70"))).is_err());
        assert!(reais(Some(&json!(true))).is_err());
        assert!(reais(Some(&json!(1e12))).is_err());
    }

    #[test]
    fn dates_in_every_format_the_platforms_write() {
        let utc = |v: Value| instant(Some(&v)).unwrap().unwrap().to_rfc3339();
        assert_eq!(utc(json!("2024-01-09T14:45:00.000Z")), "2024-01-09T14:45:00+00:00");
        assert_eq!(utc(json!("2024-06-12 16:45:03")), "2024-06-12T19:45:03+00:00");
        assert_eq!(utc(json!("2024-06-12")), "2024-06-12T03:00:00+00:00");
        assert_eq!(utc(json!("22/11/2024")), "2024-11-22T03:00:00+00:00");
        assert!(instant(Some(&json!("amanhã"))).is_err());
        assert_eq!(instant(Some(&json!(""))), Ok(None));
    }
}
