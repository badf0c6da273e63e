//! Reading what people type into the admin and owner dialogs: ids picked in
//! selects, optional texts (blank means none), money and dates. Each reader
//! reports a pt-BR message on the field instead of failing the request, so
//! a form gets every problem at once and nothing is stored.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use shared::domain::validation::{char_len, Validator};
use shared::AppError;
use uuid::Uuid;

/// Brazil has kept UTC−3 all year since 2019: a date typed without a zone is
/// a São Paulo date.
fn sao_paulo() -> FixedOffset {
    FixedOffset::west_opt(3 * 3600).expect("valid offset")
}

/// A path id; anything that is not a UUID is simply not found.
pub fn path_id(raw: &str, not_found: &str) -> Result<Uuid, AppError> {
    Uuid::parse_str(raw.trim()).map_err(|_| AppError::NotFound(not_found.into()))
}

/// Trimmed text, None when blank.
pub fn blank_to_none(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|v| !v.is_empty()).map(str::to_string)
}

/// An id chosen in a select: `required` gives `message` when missing.
pub fn id_field(v: &mut Validator, field: &str, value: Option<&str>, required: bool, message: &str) -> Option<Uuid> {
    match blank_to_none(value) {
        None => {
            v.check(!required, field, message);
            None
        }
        Some(text) => {
            let id = Uuid::parse_str(&text).ok();
            v.check(id.is_some(), field, message);
            id
        }
    }
}

/// Optional text of at most `max` characters.
pub fn text_field(v: &mut Validator, field: &str, value: Option<&str>, max: usize, too_long: &str) -> Option<String> {
    let text = blank_to_none(value);
    v.check(text.as_deref().is_none_or(|t| char_len(t) <= max), field, too_long);
    text
}

/// Largest value a NUMERIC(10, 2) column holds.
fn money_limit() -> Decimal {
    Decimal::new(9_999_999_999, 2)
}

/// An amount of money: a JSON number or a string ("197.9", "197,90"),
/// at least zero, at most two decimals. None when absent or blank.
pub fn money_field(v: &mut Validator, field: &str, value: Option<&Value>) -> Option<Decimal> {
    let parsed = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(s)) if s.trim().is_empty() => return None,
        Some(Value::String(s)) => s.trim().replace(',', ".").parse::<Decimal>().ok(),
        Some(Value::Number(n)) => n.to_string().parse::<Decimal>().ok(),
        Some(_) => None,
    };
    let Some(amount) = parsed else {
        v.check(false, field, "Valor inválido");
        return None;
    };
    let amount = amount.normalize();
    v.check(amount >= Decimal::ZERO, field, "O valor não pode ser negativo");
    v.check(amount.scale() <= 2, field, "Use no máximo 2 casas decimais");
    v.check(amount <= money_limit(), field, "Valor alto demais");
    Some(amount.round_dp(2))
}

/// An exchange rate (NUMERIC(10, 6)): positive, at most six decimals.
pub fn rate_field(v: &mut Validator, field: &str, value: Option<&Value>) -> Option<Decimal> {
    let parsed = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(s)) if s.trim().is_empty() => return None,
        Some(Value::String(s)) => s.trim().replace(',', ".").parse::<Decimal>().ok(),
        Some(Value::Number(n)) => n.to_string().parse::<Decimal>().ok(),
        Some(_) => None,
    };
    let Some(rate) = parsed.map(|r| r.normalize()) else {
        v.check(false, field, "Taxa de câmbio inválida");
        return None;
    };
    v.check(rate > Decimal::ZERO && rate < Decimal::new(10_000, 0), field, "Taxa de câmbio inválida");
    v.check(rate.scale() <= 6, field, "Use no máximo 6 casas decimais");
    Some(rate)
}

/// A date or date-time: RFC 3339, `YYYY-MM-DDTHH:MM[:SS]` (a datetime-local
/// input, São Paulo time) or `YYYY-MM-DD` (midnight in São Paulo). None
/// when absent or blank.
pub fn date_field(v: &mut Validator, field: &str, value: Option<&str>) -> Option<DateTime<Utc>> {
    let text = blank_to_none(value)?;
    let parsed = parse_instant(&text);
    v.check(parsed.is_some(), field, "Data inválida");
    parsed
}

fn parse_instant(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.with_timezone(&Utc));
    }
    let local = ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .or_else(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0)))?;
    // Years outside 1900–2200 are typing mistakes, not dates anyone meant.
    if !(1900..=2200).contains(&chrono::Datelike::year(&local)) {
        return None;
    }
    sao_paulo().from_local_datetime(&local).single().map(|at| at.with_timezone(&Utc))
}

/// A day filter (`from`/`to` of a list): `YYYY-MM-DD`.
pub fn day_filter(value: Option<&str>, field: &str) -> Result<Option<NaiveDate>, AppError> {
    match blank_to_none(value) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(&text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| AppError::validation_field(field, "Data inválida (use AAAA-MM-DD)")),
    }
}

/// A search term, cut to 200 characters.
pub fn search_term(q: Option<String>) -> Option<String> {
    q.map(|q| q.chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_accepts_numbers_and_both_decimal_marks() {
        let mut v = Validator::new();
        assert_eq!(money_field(&mut v, "a", Some(&json!("197,9"))), Some(Decimal::new(19790, 2)));
        assert_eq!(money_field(&mut v, "a", Some(&json!(10.5))), Some(Decimal::new(1050, 2)));
        assert_eq!(money_field(&mut v, "a", Some(&json!(""))), None);
        assert!(v.finish().is_ok());
    }

    #[test]
    fn money_refuses_three_decimals_negatives_and_text() {
        for bad in [json!("1.005"), json!(-1), json!("abc"), json!(true), json!("100000000")] {
            let mut v = Validator::new();
            money_field(&mut v, "grossAmount", Some(&bad));
            assert!(v.finish().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn dates_without_zone_are_sao_paulo() {
        let mut v = Validator::new();
        let at = date_field(&mut v, "d", Some("2026-03-01")).unwrap();
        assert_eq!(at.to_rfc3339(), "2026-03-01T03:00:00+00:00");
        let at = date_field(&mut v, "d", Some("2026-03-01T10:30")).unwrap();
        assert_eq!(at.to_rfc3339(), "2026-03-01T13:30:00+00:00");
        assert!(v.finish().is_ok());
        let mut v = Validator::new();
        assert_eq!(date_field(&mut v, "d", Some("31/02/2026")), None);
        assert_eq!(date_field(&mut v, "d", Some("20260-01-01")), None);
        assert!(v.finish().is_err());
    }
}
