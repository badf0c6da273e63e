//! MetaEditor's compile log: UTF-16LE (with a BOM) on every install, lines
//! `file(line,col) : error|warning CODE: text` and a final
//! `Result: N errors, M warnings`. The exit code means nothing; this log and
//! a fresh `.ex5` are the verdict.

use shared::domain::protocol::{Diagnostic, Severity};

/// The log's text: UTF-16LE when it has the BOM (or looks like it), else UTF-8.
pub fn decode(bytes: &[u8]) -> String {
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || (bytes.len() >= 4 && bytes[1] == 0 && bytes[3] == 0);
    if utf16 {
        let body = bytes.strip_prefix(&[0xFF, 0xFE]).unwrap_or(bytes);
        let units: Vec<u16> = body.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
        return String::from_utf16_lossy(&units);
    }
    String::from_utf8_lossy(bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes)).into_owned()
}

/// Every diagnostic line of the log.
pub fn diagnostics(log: &str) -> Vec<Diagnostic> {
    log.lines().filter_map(diagnostic).collect()
}

fn diagnostic(line: &str) -> Option<Diagnostic> {
    let (location, rest) = line.split_once(" : ")?;
    let open = location.rfind('(')?;
    let (file, position) = (&location[..open], location[open + 1..].strip_suffix(')')?);
    let (line_no, column) = position.split_once(',')?;
    let (severity, rest) = if let Some(r) = rest.strip_prefix("error ") {
        (Severity::Error, r)
    } else if let Some(r) = rest.strip_prefix("warning ") {
        (Severity::Warning, r)
    } else {
        return None;
    };
    let (code, message) = rest.split_once(':')?;
    Some(Diagnostic {
        file: file.trim().rsplit(['\\', '/']).next().unwrap_or(file).to_string(),
        line: line_no.trim().parse().ok()?,
        column: column.trim().parse().ok()?,
        severity,
        code: code.trim().to_string(),
        message: message.trim().to_string(),
    })
}

/// The error count of the `Result:` line (None when there is none: the
/// compile did not finish).
pub fn error_count(log: &str) -> Option<u32> {
    let line = log.lines().rev().find(|l| l.trim_start().starts_with("Result:"))?;
    line.trim_start().strip_prefix("Result:")?.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "C:\\agent\\job\\Robo.mq5 : information: compiling 'Robo.mq5'\r\n\
        C:\\agent\\job\\Robo.mq5(12,5) : error 256: 'trade' - undeclared identifier\r\n\
        C:\\agent\\job\\Robo.mq5(30,1) : warning 43: possible loss of data due to type conversion\r\n\
        Result: 1 errors, 1 warnings, 95 msec elapsed\r\n";

    fn utf16(text: &str) -> Vec<u8> {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    }

    #[test]
    fn reads_the_utf16_log_into_diagnostics_and_the_result() {
        let log = decode(&utf16(LOG));
        let found = diagnostics(&log);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].file.as_str(), found[0].line, found[0].column), ("Robo.mq5", 12, 5));
        assert_eq!((found[0].severity, found[0].code.as_str()), (Severity::Error, "256"));
        assert_eq!(found[0].message, "'trade' - undeclared identifier");
        assert_eq!(found[1].severity, Severity::Warning);
        assert_eq!(error_count(&log), Some(1));
        assert_eq!(error_count("Result: 0 errors, 0 warnings"), Some(0));
        assert_eq!(error_count("crashed"), None);
        assert_eq!(decode(b"Result: 0 errors"), "Result: 0 errors");
    }
}
