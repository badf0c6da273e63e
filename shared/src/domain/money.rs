//! Money as people read it. Lives in the domain so every screen, e-mail and
//! notification formats amounts one way, whichever platform the sale came from.

use rust_decimal::Decimal;

/// `R$ 1.234,56`.
pub fn format_brl(amount: Decimal) -> String {
    let text = format!("{:.2}", amount.round_dp(2));
    let (int, frac) = text.split_once('.').unwrap_or((&text, "00"));
    let (sign, digits) = int.strip_prefix('-').map(|d| ("-", d)).unwrap_or(("", int));
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{sign}R$ {grouped},{frac}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brl_formatting() {
        assert_eq!(format_brl(Decimal::new(29700, 2)), "R$ 297,00");
        assert_eq!(format_brl(Decimal::new(123456789, 2)), "R$ 1.234.567,89");
        assert_eq!(format_brl(Decimal::new(5, 1)), "R$ 0,50");
    }
}
