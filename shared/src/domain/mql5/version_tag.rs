//! The version tag an injected check sends (`versionTag`, protocol v3): the
//! template defines `#define RF_VERSION_TAG "<16 lower-case hex>"`, drawn at
//! injection, so the tag names one injected source and therefore one
//! published version. Read back from the source a compile job compiled, it is
//! stored on the version made from it (`robot_versions.version_tag`).

const DEFINE: &str = "#define";
const NAME: &str = "RF_VERSION_TAG";
const TAG_LENGTH: usize = 16;

/// The tag defined in `source`, if any: the first `#define RF_VERSION_TAG
/// "…"` line whose value is exactly 16 lower-case hex characters. A source
/// injected before the template had a tag, a placeholder never rendered, or
/// a line inside a comment gives None.
pub fn version_tag_of(source: &str) -> Option<String> {
    let mut in_block_comment = false;
    for line in source.lines() {
        let line = line.trim();
        // A tag quoted in a block comment (an old template pasted in a
        // comment) does not name this build.
        if in_block_comment {
            if let Some(end) = line.find("*/") {
                in_block_comment = false;
                if let Some(tag) = tag_in(line[end + 2..].trim()) {
                    return Some(tag);
                }
            }
            continue;
        }
        if line.starts_with("/*") && !line.contains("*/") {
            in_block_comment = true;
            continue;
        }
        if let Some(tag) = tag_in(line) {
            return Some(tag);
        }
    }
    None
}

/// The tag of one trimmed line `#define RF_VERSION_TAG "…"` (a trailing
/// `//` comment allowed).
fn tag_in(line: &str) -> Option<String> {
    let rest = line.strip_prefix(DEFINE)?;
    let rest = rest.strip_prefix(|c: char| c.is_whitespace())?.trim_start();
    let rest = rest.strip_prefix(NAME)?;
    let rest = rest.strip_prefix(|c: char| c.is_whitespace())?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let (value, after) = rest.split_once('"')?;
    let after = after.trim();
    let well_formed = value.len() == TAG_LENGTH && value.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    (well_formed && (after.is_empty() || after.starts_with("//"))).then(|| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::version_tag_of;

    #[test]
    fn the_injected_define_gives_its_tag() {
        let source = "#property strict\n// RoboForge:auth-begin\n#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\"\nint x;\n";
        assert_eq!(version_tag_of(source).as_deref(), Some("3f1c0a9b7d2e4c6f"));
        let spaced = "   #define\tRF_VERSION_TAG   \"0123456789abcdef\"   // tag desta versão\r\n";
        assert_eq!(version_tag_of(spaced).as_deref(), Some("0123456789abcdef"));
    }

    #[test]
    fn a_source_without_a_well_formed_tag_has_none() {
        for source in [
            "",
            "int OnInit() { return(0); }\n",
            // The placeholder, never rendered.
            "#define RF_VERSION_TAG \"{{VERSION_TAG}}\"\n",
            // Upper case, short, long, not hex.
            "#define RF_VERSION_TAG \"3F1C0A9B7D2E4C6F\"\n",
            "#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6\"\n",
            "#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f0\"\n",
            "#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6g\"\n",
            // Another name that starts the same, or code after the value.
            "#define RF_VERSION_TAGS \"3f1c0a9b7d2e4c6f\"\n",
            "#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\" + x\n",
            // Commented out.
            "// #define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\"\n",
            "/*\n#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\"\n*/\n",
        ] {
            assert_eq!(version_tag_of(source), None, "{source:?}");
        }
    }

    #[test]
    fn the_first_define_outside_comments_wins() {
        let source =
            "/* old:\n#define RF_VERSION_TAG \"aaaaaaaaaaaaaaaa\"\n*/\n#define RF_VERSION_TAG \"bbbbbbbbbbbbbbbb\"\n";
        assert_eq!(version_tag_of(source).as_deref(), Some("bbbbbbbbbbbbbbbb"));
    }
}
