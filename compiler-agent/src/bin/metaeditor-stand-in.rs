//! A stand-in for MetaEditor in tests: takes the same arguments
//! (`/portable /compile:<file> /log:<file> [/inc:<dir>]`), writes a UTF-16LE
//! log in MetaEditor's format, an `.ex5` next to the source on success and
//! nothing on failure, and exits with a code that means nothing (as the real
//! one). The source decides: a line with `undeclared_identifier` is an error;
//! `// STAND-IN: SLOW` in the source, or STAND_IN_HANG=1 in the environment,
//! makes it hang (to kill an agent mid-job); `// STAND-IN: SECONDS=<n>` makes
//! it take n seconds, at most 30 (a compile slow enough to be watched: the
//! browser journeys see a personal build being prepared).

/// The longest `// STAND-IN: SECONDS=<n>` waits: well under the agent's compile timeout.
const MAX_SECONDS: u64 = 30;

/// The n of `// STAND-IN: SECONDS=<n>` in the source, if any.
fn seconds_in(source: &str) -> Option<u64> {
    const KNOB: &str = "// STAND-IN: SECONDS=";
    let at = source.find(KNOB)? + KNOB.len();
    let digits: String = source[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().find_map(|a| a.strip_prefix(flag)).map(str::to_string);
    let (Some(source_path), Some(log_path)) = (value("/compile:"), value("/log:")) else {
        eprintln!("usage: metaeditor /portable /compile:<file.mq5> /log:<file.log> [/inc:<dir>]");
        std::process::exit(7);
    };
    let source = std::fs::read_to_string(&source_path).unwrap_or_default();
    if source.contains("// STAND-IN: SLOW") || std::env::var("STAND_IN_HANG").is_ok_and(|v| v == "1") {
        // Long enough for any test; bounded, so one orphaned by a killed agent goes away.
        std::thread::sleep(std::time::Duration::from_secs(120));
    }
    if let Some(seconds) = seconds_in(&source) {
        std::thread::sleep(std::time::Duration::from_secs(seconds.min(MAX_SECONDS)));
    }
    let name =
        std::path::Path::new(&source_path).file_name().and_then(|n| n.to_str()).unwrap_or("source.mq5").to_string();
    let mut log = format!("{source_path} : information: compiling '{name}'\r\n");
    let errors: Vec<usize> =
        source.lines().enumerate().filter(|(_, l)| l.contains("undeclared_identifier")).map(|(i, _)| i + 1).collect();
    for line in &errors {
        log.push_str(&format!(
            "{source_path}({line},5) : error 256: 'undeclared_identifier' - undeclared identifier\r\n"
        ));
    }
    // `// STAND-IN: PRINT ENV`: the environment it was started with, into the
    // log (tests look for the agent's token there).
    if source.contains("// STAND-IN: PRINT ENV") {
        for (name, value) in std::env::vars() {
            log.push_str(&format!("{source_path} : information: env {name}={value}\r\n"));
        }
    }
    log.push_str(&format!("Result: {} errors, 0 warnings, 42 msec elapsed\r\n", errors.len()));
    if errors.is_empty() {
        let ex5 = std::path::Path::new(&source_path).with_extension("ex5");
        // Binary, starting like no known foreign format.
        let bytes: Vec<u8> = source
            .bytes()
            .cycle()
            .take(4096)
            .enumerate()
            .map(|(i, b)| b.wrapping_mul(31).wrapping_add(i as u8) | 0x80)
            .collect();
        std::fs::write(ex5, bytes).expect("write the .ex5");
    }
    let mut encoded = vec![0xFF, 0xFE];
    encoded.extend(log.encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(log_path, encoded).expect("write the log");
    // The real MetaEditor's exit code says nothing either.
    std::process::exit(if errors.is_empty() { 1 } else { 0 });
}
