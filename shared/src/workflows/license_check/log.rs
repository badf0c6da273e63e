//! The check log's rows on their way to `license_checks`: one row of
//! PostgreSQL's binary `COPY` format per check. The same bytes go to the
//! database or, when the writer falls behind, to a spill file loaded later,
//! so a row keeps the id it was given when first encoded and a row loaded
//! twice (a crash between loading a file and deleting it) is still one row.
//! `repositories::license_checks` sends them to the table.

use std::net::IpAddr;

use chrono::DateTime;
use uuid::Uuid;

use super::{AccountKind, CheckCode, CheckRecord};

/// Longest e-mail kept (the column is text; a robot may send anything).
const EMAIL_MAX_CHARS: usize = 254;

const FIELDS: i16 = 15;
/// Rows written before the log knew the terminal (a spill file from the
/// version before): read with those fields empty.
const FIELDS_BEFORE_V3: i16 = 10;
/// Longest server, company or version text kept.
const TEXT_MAX_CHARS: usize = 128;
/// PostgreSQL's timestamps count from 2000-01-01.
const POSTGRES_EPOCH_MICROS: i64 = 946_684_800_000_000;

/// Appends `record` as one row of the binary `COPY` format under `id`, the
/// row's primary key. Text PostgreSQL cannot store (NUL) is left out, so no
/// row this writes can make a whole batch fail.
pub fn encode(out: &mut Vec<u8>, id: Uuid, record: &CheckRecord) {
    let field = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend_from_slice(&(bytes.len() as i32).to_be_bytes());
        out.extend_from_slice(bytes);
    };
    let null = |out: &mut Vec<u8>| out.extend_from_slice(&(-1i32).to_be_bytes());
    out.extend_from_slice(&FIELDS.to_be_bytes());
    field(out, id.as_bytes());
    field(out, record.tenant_id.as_bytes());
    match record.robot_id {
        Some(robot) => field(out, robot.as_bytes()),
        None => null(out),
    }
    match record.license_id {
        Some(license) => field(out, license.as_bytes()),
        None => null(out),
    }
    let email: String = record.email.chars().filter(|c| *c != '\0').take(EMAIL_MAX_CHARS).collect();
    field(out, email.as_bytes());
    match record.account {
        Some(account) => field(out, account.to_string().as_bytes()),
        None => null(out),
    }
    match record.ip {
        // inet: family (2 or 3), netmask bits, not a cidr, address length, address.
        Some(IpAddr::V4(ip)) => field(out, &[[2, 32, 0, 4].as_slice(), &ip.octets()].concat()),
        Some(IpAddr::V6(ip)) => field(out, &[[3, 128, 0, 16].as_slice(), &ip.octets()].concat()),
        None => null(out),
    }
    field(out, &[u8::from(record.valid)]);
    field(out, record.code.as_str().as_bytes());
    field(out, &(record.checked_at.timestamp_micros() - POSTGRES_EPOCH_MICROS).to_be_bytes());
    for text in [record.server.as_deref(), record.trade_mode.map(AccountKind::as_str)] {
        optional_text(out, text);
    }
    optional_text(out, record.robot_version.as_deref());
    optional_text(out, record.company.as_deref());
    match record.terminal_build {
        Some(build) => field(out, &build.to_be_bytes()),
        None => null(out),
    }
}

/// A text field, NUL left out and cut to [`TEXT_MAX_CHARS`]; NULL for None.
fn optional_text(out: &mut Vec<u8>, text: Option<&str>) {
    match text {
        Some(text) => {
            let text: String = text.chars().filter(|c| *c != '\0').take(TEXT_MAX_CHARS).collect();
            out.extend_from_slice(&(text.len() as i32).to_be_bytes());
            out.extend_from_slice(text.as_bytes());
        }
        None => out.extend_from_slice(&(-1i32).to_be_bytes()),
    }
}

/// Reads the row [`encode`] wrote at the start of `bytes`, and how many bytes
/// it took; None when they hold no whole row (the end of a file a crash cut
/// short).
pub fn decode(bytes: &[u8]) -> Option<((Uuid, CheckRecord), usize)> {
    let mut reader = Fields { bytes, at: 0 };
    let fields = i16::from_be_bytes(reader.take(2)?.try_into().ok()?);
    if fields != FIELDS && fields != FIELDS_BEFORE_V3 {
        return None;
    }
    let uuid = |field: &[u8]| Uuid::from_slice(field).ok();
    let text = |field| std::str::from_utf8(field).ok();
    let id = uuid(reader.field()??)?;
    let tenant_id = uuid(reader.field()??)?;
    let robot_id = reader.field()?.map(uuid).map(|robot| robot.ok_or(())).transpose().ok()?;
    let license_id = reader.field()?.map(uuid).map(|license| license.ok_or(())).transpose().ok()?;
    let email = text(reader.field()??)?.to_string();
    let account = match reader.field()? {
        Some(account) => Some(text(account)?.parse().ok()?),
        None => None,
    };
    let ip = match reader.field()? {
        Some([2, 32, 0, 4, address @ ..]) => Some(IpAddr::from(<[u8; 4]>::try_from(address).ok()?)),
        Some([3, 128, 0, 16, address @ ..]) => Some(IpAddr::from(<[u8; 16]>::try_from(address).ok()?)),
        Some(_) => return None,
        None => None,
    };
    let valid = match reader.field()?? {
        [0] => false,
        [1] => true,
        _ => return None,
    };
    let code_text = text(reader.field()??)?;
    let code = CheckCode::ALL.into_iter().find(|code| code.as_str() == code_text)?;
    let micros = i64::from_be_bytes(reader.field()??.try_into().ok()?);
    let checked_at = DateTime::from_timestamp_micros(micros.checked_add(POSTGRES_EPOCH_MICROS)?)?;
    let mut record = CheckRecord {
        tenant_id,
        robot_id,
        license_id,
        email,
        account,
        ip,
        valid,
        code,
        checked_at,
        server: None,
        trade_mode: None,
        company: None,
        terminal_build: None,
        robot_version: None,
    };
    if fields == FIELDS {
        let mut optional_text = || -> Option<Option<String>> {
            Some(match reader.field()? {
                Some(bytes) => Some(text(bytes)?.to_string()),
                None => None,
            })
        };
        record.server = optional_text()?;
        record.trade_mode = optional_text()?.and_then(|kind| AccountKind::parse(&kind));
        record.robot_version = optional_text()?;
        record.company = optional_text()?;
        record.terminal_build = match reader.field()? {
            Some(bytes) => Some(i32::from_be_bytes(bytes.try_into().ok()?)),
            None => None,
        };
    }
    Some(((id, record), reader.at))
}

struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let taken = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(taken)
    }

    /// Some(None) for NULL.
    fn field(&mut self) -> Option<Option<&'a [u8]>> {
        let length = i32::from_be_bytes(self.take(4)?.try_into().ok()?);
        match length {
            -1 => Some(None),
            n => Some(Some(self.take(usize::try_from(n).ok()?)?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(email: &str, account: Option<u64>, ip: Option<&str>) -> CheckRecord {
        CheckRecord {
            tenant_id: Uuid::from_u128(1),
            robot_id: Some(Uuid::from_u128(2)),
            license_id: None,
            email: email.into(),
            account,
            ip: ip.map(|ip| ip.parse().unwrap()),
            valid: false,
            code: CheckCode::AccountMismatch,
            checked_at: DateTime::from_timestamp_micros(1_764_000_000_123_456).unwrap(),
            server: Some("XPMT5-DEMO".into()),
            trade_mode: Some(AccountKind::Demo),
            company: Some("XP".into()),
            terminal_build: Some(4755),
            robot_version: Some("1.2.0".into()),
        }
    }

    #[test]
    fn a_row_reads_back_as_the_record_it_was() {
        let cases = [
            ("ana@x.com", Some(51234567), Some("10.0.0.1")),
            ("tab\there\\N\nnew\rline ção", None, Some("2001:db8::1")),
            ("", Some(0), None),
        ];
        let mut rows = Vec::new();
        for (i, (email, account, ip)) in cases.iter().enumerate() {
            encode(&mut rows, Uuid::from_u128(i as u128), &record(email, *account, *ip));
        }
        let mut at = 0;
        for (i, (email, account, ip)) in cases.iter().enumerate() {
            let ((id, back), used) = decode(&rows[at..]).expect("reads back");
            at += used;
            let expected = record(email, *account, *ip);
            assert_eq!(id, Uuid::from_u128(i as u128));
            assert_eq!((back.email.as_str(), back.account, back.ip), (*email, *account, expected.ip));
            assert_eq!((back.tenant_id, back.robot_id, back.license_id), (expected.tenant_id, expected.robot_id, None));
            assert_eq!(
                (back.valid, back.code, back.checked_at),
                (false, CheckCode::AccountMismatch, expected.checked_at)
            );
        }
        assert_eq!(at, rows.len());
    }

    #[test]
    fn text_postgresql_cannot_store_is_left_out_and_long_e_mails_cut() {
        let mut row = Vec::new();
        encode(&mut row, Uuid::nil(), &record(&format!("a\0b{}", "x".repeat(400)), None, None));
        let ((_, back), _) = decode(&row).unwrap();
        assert!(back.email.starts_with("abx"));
        assert_eq!(back.email.chars().count(), EMAIL_MAX_CHARS);
    }

    #[test]
    fn a_row_cut_short_is_no_row() {
        let mut row = Vec::new();
        encode(&mut row, Uuid::nil(), &record("ana@x.com", Some(1), Some("10.0.0.1")));
        for cut in 0..row.len() {
            assert!(decode(&row[..cut]).is_none(), "cut at {cut}");
        }
        assert!(decode(&row).is_some());
    }
}
