//! Backtests on the fleet (issue 26, part 2): the tester `.ini` an agent hands
//! MetaTrader 5's terminal, the terminal's HTML report read back into numbers
//! and an equity curve, and the rule that marks a version "não recomendado".
//!
//! Not behind the `domain` feature: the compile agent writes the `.ini` and
//! reads the report too, and links no database code.

pub mod ini;
pub mod report;
pub mod summary;
pub mod verdict;

use std::fmt;

/// A calendar day as the tester writes it (`2024.01.31`). Our own small type:
/// the agent builds without chrono, and the tester needs days only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct TesterDate {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl TesterDate {
    /// `2024-01-31` (forms, JSON) or `2024.01.31` (the terminal's own files).
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let mut parts = text.split(['-', '.']);
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return None;
        }
        let date = TesterDate { year: year.parse().ok()?, month: month.parse().ok()?, day: day.parse().ok()? };
        date.is_valid().then_some(date)
    }

    fn is_valid(&self) -> bool {
        (1970..=2999).contains(&self.year)
            && (1..=12).contains(&self.month)
            && self.day >= 1
            && self.day <= self.days_in_month()
    }

    fn days_in_month(&self) -> u8 {
        match self.month {
            2 if self.year.is_multiple_of(4) && (!self.year.is_multiple_of(100) || self.year.is_multiple_of(400)) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// Days since 1970-01-01 (the civil-from-days algorithm, run backwards).
    pub fn days_since_epoch(&self) -> i64 {
        let (y, m, d) = (i64::from(self.year), i64::from(self.month), i64::from(self.day));
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    pub fn from_days_since_epoch(days: i64) -> Self {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        TesterDate { year: year as u16, month: month as u8, day: day as u8 }
    }
}

impl fmt::Display for TesterDate {
    /// The terminal's own spelling, as in `FromDate=2024.01.31`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::TesterDate;

    #[test]
    fn dates_read_both_spellings_and_refuse_impossible_days() {
        let date = TesterDate::parse("2024-02-29").unwrap();
        assert_eq!(TesterDate::parse("2024.02.29"), Some(date));
        assert_eq!(date.to_string(), "2024.02.29");
        for bad in ["2023-02-29", "2024-13-01", "2024-1-01", "24-01-01", "2024-01-01-01", "", "abcd-ef-gh"] {
            assert_eq!(TesterDate::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn days_since_epoch_round_trips() {
        assert_eq!(TesterDate::parse("1970-01-01").unwrap().days_since_epoch(), 0);
        assert_eq!(TesterDate::parse("2024-03-01").unwrap().days_since_epoch(), 19_783);
        for days in [0, 59, 365, 10_957, 19_782, 30_000] {
            assert_eq!(TesterDate::from_days_since_epoch(days).days_since_epoch(), days);
        }
    }
}
