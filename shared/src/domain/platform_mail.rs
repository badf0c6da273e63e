//! What a tenant may say when its mail goes out under the platform's key and
//! address (decision 0018): the sender's name, the subject and the From line.
//! Nobody speaks as the platform but the platform, so the platform's name is
//! taken out of every word a tenant controls there (however it is spelled:
//! case, accents, spaces, digits for letters, look-alike Cyrillic letters),
//! and the From line always ends in "via <platform>" with the platform's
//! address.

/// Longest sender name shown (mail clients cut long names anyway).
const MAX_SENDER_CHARS: usize = 60;
/// Longest subject kept (the outbox keeps 300).
const MAX_SUBJECT_CHARS: usize = 200;
/// What a tenant whose name is nothing but the platform's is called.
const NAMELESS: &str = "Loja";

/// One character as compared with the platform's name: lower case, accents
/// and look-alikes folded; None for characters a reader skips over (spaces,
/// punctuation, invisible characters).
fn fold(c: char) -> Option<char> {
    let lower = c.to_lowercase().next().unwrap_or(c);
    let folded = match lower {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' | 'а' | '4' | '@' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'е' | '3' => 'e',
        'í' | 'ì' | 'î' | 'ï' | 'і' | '1' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'о' | '0' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' | 'с' => 'c',
        'р' => 'p',
        'г' => 'r',
        'ѕ' | '5' | '$' => 's',
        'ԁ' => 'd',
        'ɡ' | '9' => 'g',
        'ƒ' => 'f',
        'β' | 'в' => 'b',
        c if c.is_alphanumeric() => c,
        _ => return None,
    };
    Some(folded)
}

/// The platform's name as [`fold`] sees it (`l` and `i` are one letter there).
fn folded_name(platform: &str) -> Vec<char> {
    platform.chars().filter_map(fold).map(|c| if c == 'l' { 'i' } else { c }).collect()
}

/// `text` with every occurrence of the platform's name removed, spaces
/// collapsed. "RoboForge Suporte", "R0bo-Forge", "ROBÔFORGE" all lose it.
pub fn strip_platform_name(text: &str, platform: &str) -> String {
    let target = folded_name(platform);
    if target.is_empty() {
        return collapse_spaces(text);
    }
    let chars: Vec<char> = text.chars().collect();
    // The characters that count, with where each stands in `chars`.
    let kept: Vec<(usize, char)> =
        chars.iter().enumerate().filter_map(|(i, c)| fold(*c).map(|f| (i, if f == 'l' { 'i' } else { f }))).collect();
    let mut removed = vec![false; chars.len()];
    let mut k = 0;
    while k + target.len() <= kept.len() {
        if kept[k..k + target.len()].iter().map(|(_, c)| *c).eq(target.iter().copied()) {
            let (first, last) = (kept[k].0, kept[k + target.len() - 1].0);
            removed[first..=last].iter_mut().for_each(|r| *r = true);
            k += target.len();
        } else {
            k += 1;
        }
    }
    let left: String = chars.iter().zip(&removed).filter(|(_, r)| !**r).map(|(c, _)| *c).collect();
    collapse_spaces(&left)
}

/// Whether `text` names the platform in any spelling [`strip_platform_name`] knows.
pub fn names_platform(text: &str, platform: &str) -> bool {
    strip_platform_name(text, platform) != collapse_spaces(text)
}

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The tenant's name as the sender's name: no control characters, no
/// quotes, brackets or characters that end a header or fake an address, no
/// platform name; at most 60 characters; "Loja" when nothing is left.
pub fn sender_name(tenant_name: &str, platform: &str) -> String {
    let plain: String = tenant_name
        .chars()
        .map(|c| if c.is_control() || "\"'<>\\,;:@()[]`".contains(c) { ' ' } else { c })
        .filter(
            |c| !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}'),
        )
        .collect();
    let name = strip_platform_name(&plain, platform);
    let name: String = name.chars().take(MAX_SENDER_CHARS).collect();
    let name = name.trim().trim_matches(|c: char| matches!(c, '-' | '–' | '—' | '|' | '.' | '/')).trim().to_string();
    if name.chars().any(char::is_alphanumeric) {
        name
    } else {
        NAMELESS.to_string()
    }
}

/// The subject of a framed message: one line, the platform's name taken out,
/// and the sender's name in front unless the subject already starts with it.
/// A tenant can therefore never make the subject read as the platform's
/// ("RoboForge Suporte - Ação necessária" becomes "Demo: Suporte - Ação
/// necessária").
pub fn framed_subject(subject: &str, sender: &str, platform: &str) -> String {
    let one_line: String = subject.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let clean = strip_platform_name(&one_line, platform);
    let subject = if clean.starts_with(sender) { clean } else { format!("{sender}: {clean}") };
    subject.chars().take(MAX_SUBJECT_CHARS).collect::<String>().trim_end_matches([':', ' ']).to_string()
}

/// The platform's display name and address from its From line
/// (`RoboForge <noreply@roboforge.com.br>`); a bare address has no name.
pub fn split_from(from: &str) -> (String, String) {
    match (from.find('<'), from.rfind('>')) {
        (Some(open), Some(close)) if open < close => {
            (from[..open].trim().trim_matches('"').trim().to_string(), from[open + 1..close].trim().to_string())
        }
        _ => (String::new(), from.trim().to_string()),
    }
}

/// The From line of a framed message: `"<sender> via <platform>" <address>`.
pub fn framed_from(sender: &str, platform_from: &str) -> String {
    let (platform, address) = split_from(platform_from);
    let platform = if platform.is_empty() { "RoboForge".to_string() } else { platform };
    format!("\"{sender} via {platform}\" <{address}>")
}

/// The abuse address: the configured one, else `abuse@` the platform's
/// sending domain.
pub fn abuse_address(configured: Option<&str>, platform_from: &str) -> String {
    match configured.map(str::trim).filter(|a| !a.is_empty()) {
        Some(address) => address.to_string(),
        None => {
            let (_, address) = split_from(platform_from);
            let domain = address.rsplit_once('@').map(|(_, d)| d).unwrap_or("roboforge.com.br");
            format!("abuse@{domain}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_name_goes_however_it_is_spelled() {
        for spelled in [
            "RoboForge Suporte",
            "roboforge suporte",
            "Robo Forge Suporte",
            "R0b0-F0rge Suporte",
            "ROBÔFORGE Suporte",
            "Rоbоforge Suporte", // Cyrillic о
            "Robo\u{200b}Forge Suporte",
        ] {
            assert_eq!(strip_platform_name(spelled, "RoboForge").to_lowercase(), "suporte", "{spelled}");
            assert!(names_platform(spelled, "RoboForge"), "{spelled}");
        }
        assert_eq!(strip_platform_name("Demo Robôs", "RoboForge"), "Demo Robôs");
        assert!(!names_platform("Robôs da Forja", "RoboForge"));
    }

    #[test]
    fn a_sender_name_cannot_carry_quotes_newlines_addresses_or_the_platform() {
        assert_eq!(sender_name("Demo Robôs", "RoboForge"), "Demo Robôs");
        assert_eq!(sender_name("RoboForge Suporte", "RoboForge"), "Suporte");
        let injected = sender_name("\"RoboForge\" <suporte@roboforge.com.br>\r\nBcc: x", "RoboForge");
        assert!(!injected.contains(['"', '<', '>', '@', '\r', '\n', ':']), "{injected}");
        assert!(!injected.to_lowercase().contains("roboforge"), "{injected}");
        assert_eq!(sender_name("RoboForge", "RoboForge"), "Loja");
        assert_eq!(sender_name("  --  ", "RoboForge"), "Loja");
        assert_eq!(sender_name(&"a".repeat(100), "RoboForge").chars().count(), 60);
        let name = sender_name("Loja\n\"X\"", "RoboForge");
        assert!(!name.contains(['\n', '"']), "{name}");
    }

    #[test]
    fn the_subject_is_one_line_names_the_sender_and_never_the_platform() {
        assert_eq!(
            framed_subject("RoboForge Suporte - Ação necessária", "Demo", "RoboForge"),
            "Demo: Suporte - Ação necessária"
        );
        assert_eq!(
            framed_subject("Demo Robôs: Compra confirmada", "Demo Robôs", "RoboForge"),
            "Demo Robôs: Compra confirmada"
        );
        assert_eq!(framed_subject("Oi\r\nBcc: x@y", "Demo", "RoboForge"), "Demo: Oi Bcc: x@y");
    }

    #[test]
    fn the_from_line_is_the_sender_via_the_platform_at_the_platforms_address() {
        assert_eq!(
            framed_from("Demo Robôs", "RoboForge <noreply@roboforge.com.br>"),
            "\"Demo Robôs via RoboForge\" <noreply@roboforge.com.br>"
        );
        assert_eq!(framed_from("Demo", "noreply@x.com"), "\"Demo via RoboForge\" <noreply@x.com>");
        assert_eq!(abuse_address(None, "RoboForge <noreply@roboforge.com.br>"), "abuse@roboforge.com.br");
        assert_eq!(abuse_address(Some(" abuso@x.com "), "x"), "abuso@x.com");
    }
}
