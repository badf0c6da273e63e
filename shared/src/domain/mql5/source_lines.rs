//! Where a compiler message about injected source points in the file the
//! owner uploaded. The injection adds whole lines (the marked block, `//
//! RoboForge:auth-wire` lines, functions the EA lacked, blank lines around
//! the block) or appends to a line (`/* RoboForge:auth-wire */`, which keeps
//! its number). Walking both texts together: a marked line is ours, a line
//! that is (or starts with) the next uploaded line is that line, anything
//! else was added.

use super::injection::{AUTH_BEGIN_MARKER, AUTH_END_MARKER};

const WIRE_LINE: &str = "// RoboForge:auth-wire";
const WIRE_INLINE: &str = "/* RoboForge:auth-wire */";

/// The line as uploaded: a call wired in after a `{` on the same line
/// (` RF_OnTimer(); /* RoboForge:auth-wire */`) taken out again.
fn without_inline_wire(text: &str) -> std::borrow::Cow<'_, str> {
    let Some(marker) = text.find(WIRE_INLINE) else { return text.into() };
    let Some(brace) = text[..marker].rfind('{') else { return text.into() };
    format!("{}{}", &text[..=brace], &text[marker + WIRE_INLINE.len()..]).into()
}

/// The 1-based line of `uploaded` that line `line` of `injected` came from;
/// None when that line was added by the injection.
pub fn original_line(uploaded: &str, injected: &str, line: u32) -> Option<u32> {
    let uploaded: Vec<&str> = uploaded.lines().collect();
    let mut next = 0usize;
    let mut in_block = false;
    for (index, text) in injected.lines().enumerate() {
        let trimmed = text.trim_start();
        let from_upload = if in_block {
            in_block = !trimmed.starts_with(AUTH_END_MARKER);
            None
        } else if trimmed.starts_with(AUTH_BEGIN_MARKER) {
            in_block = true;
            None
        } else if text.contains(WIRE_LINE) {
            None
        } else {
            let text = without_inline_wire(text);
            uploaded.get(next).filter(|u| text.trim_end() == u.trim_end()).map(|_| next)
        };
        if from_upload.is_some() {
            next += 1;
        }
        if index as u32 + 1 == line {
            return from_upload.map(|n| n as u32 + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::original_line;
    use crate::domain::mql5::{inject, InjectionValues};

    const VALUES: InjectionValues<'static> = InjectionValues {
        auth_url: "https://loja.example/api/webhooks/validate-license",
        tenant_id: "t",
        tenant_domain: "loja.example",
        robot_id: "r",
        signing_key: "0000000000000000000000000000000000000000000000000000000000000000",
        public_key: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        lapse_policy: crate::domain::mql5::LapsePolicy::Stop,
        version_tag: "3f1c0a9b7d2e4c6f",
    };

    fn injected(source: &str) -> String {
        inject(source, crate::domain::mql5::DEFAULT_AUTH_TEMPLATE, &VALUES).unwrap()
    }

    #[test]
    fn every_uploaded_line_is_found_again_and_added_lines_are_not() {
        for fixture in [
            include_str!("fixtures/ctrade_indicators.mq5"),
            include_str!("fixtures/with_ontimer.mq5"),
            include_str!("fixtures/legacy_void_oninit_crlf.mq5"),
            include_str!("fixtures/no_oninit.mq5"),
        ] {
            let out = injected(fixture);
            let original: Vec<&str> = fixture.lines().collect();
            let mut mapped = 0;
            for (index, text) in out.lines().enumerate() {
                if let Some(n) = original_line(fixture, &out, index as u32 + 1) {
                    let before = original[n as usize - 1];
                    assert_eq!(super::without_inline_wire(text).trim_end(), before.trim_end(), "line {}", index + 1);
                    mapped += 1;
                }
            }
            let last = (1..=out.lines().count() as u32).filter_map(|l| original_line(fixture, &out, l)).max();
            assert_eq!(
                (mapped, last),
                (original.len(), Some(original.len() as u32)),
                "every line of the upload is mapped once:\n{out}"
            );
        }
    }

    #[test]
    fn lines_past_the_end_are_unknown() {
        assert_eq!(original_line("int x;\n", "int x;\n", 5), None);
        assert_eq!(original_line("int x;\n", "int x;\n", 1), Some(1));
    }
}
