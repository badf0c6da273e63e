//! The frame every e-mail goes out in: a header bar in the tenant's
//! colours (its primary colour, with its text colour where that reads on
//! it) carrying the tenant's name, above the message. The message area stays
//! light with dark text: e-mail clients repaint dark backgrounds unevenly.

use super::templates::escape_html;

/// The spec's default primary colour, for tenants without one.
const DEFAULT_PRIMARY: &str = "#3b82f6";
const WHITE: &str = "#ffffff";
const NEAR_BLACK: &str = "#0a0a0a";
/// WCAG AA for normal text.
const AA_TEXT: f64 = 4.5;
/// Below this even a large label is hard to read (WCAG AA, large text).
const AA_LARGE: f64 = 3.0;

/// Whose e-mail it is, as the header shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmailBrand {
    /// The display name, else the tenant's name.
    pub name: String,
    /// `themeColors.primary`, as stored (#rrggbb).
    pub primary: Option<String>,
    /// `foregroundColor`, as stored.
    pub foreground: Option<String>,
}

impl EmailBrand {
    /// The header's background and text colours: the primary colour, and the
    /// tenant's text colour on it when that reaches AA; else the label the
    /// portal puts on its primary buttons (white while it reads at 3:1,
    /// near-black on light colours).
    pub fn header_colours(&self) -> (String, String) {
        let primary = self.primary.as_deref().and_then(hex).unwrap_or_else(|| DEFAULT_PRIMARY.to_string());
        let text = match self.foreground.as_deref().and_then(hex) {
            Some(foreground) if contrast(&foreground, &primary) >= AA_TEXT => foreground,
            _ if contrast(WHITE, &primary) >= AA_LARGE => WHITE.to_string(),
            _ => NEAR_BLACK.to_string(),
        };
        (primary, text)
    }
}

/// `body` (the rendered template) in the tenant's frame. A tenant template
/// that is a whole document keeps its own page: the header goes right after
/// its `<body>` tag.
pub fn wrap(body: &str, brand: &EmailBrand) -> String {
    let (background, text) = brand.header_colours();
    let header = format!(
        "<div data-rf-header style=\"background:{background};color:{text};padding:20px 24px;\
         font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;line-height:1.3\">{}</div>",
        escape_html(brand.name.trim())
    );
    if let Some(after_body_tag) = opening_body_tag_end(body) {
        return format!("{}{header}{}", &body[..after_body_tag], &body[after_body_tag..]);
    }
    format!(
        "<!doctype html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\
         <body style=\"margin:0;padding:24px 12px;background:#f4f4f5\">\
         <div style=\"max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden\">\
         {header}<div style=\"padding:24px;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:15px;\
         line-height:1.5\">{body}</div></div></body></html>"
    )
}

/// Who a framed message is from, as its footer says it.
pub struct Frame<'a> {
    /// The tenant's sanitised name (`platform_mail::sender_name`).
    pub sender: &'a str,
    /// The platform's name.
    pub platform: &'a str,
    /// Where readers report abuse.
    pub abuse_address: &'a str,
}

/// A tenant's sanitised message in the platform's frame (decision 0018):
/// always the platform's page (a tenant's own `<html>` is not kept), the
/// header with the tenant's name and colours, and a footer the tenant cannot
/// change saying who wrote the message and where to report abuse.
pub fn wrap_framed(body: &str, brand: &EmailBrand, frame: &Frame<'_>) -> String {
    let (sender, platform, abuse) =
        (escape_html(frame.sender), escape_html(frame.platform), escape_html(frame.abuse_address));
    let footer = format!(
        "<div data-rf-frame-footer style=\"padding:16px 24px;border-top:1px solid #e4e4e7;background:#fafafa;\
         color:#52525b;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5\">\
         Esta mensagem foi escrita e enviada por <strong>{sender}</strong> usando a plataforma {platform}. \
         O {platform} não escreveu este conteúdo e nunca pede sua senha por e-mail. \
         Para denunciar abuso, escreva para <a href=\"mailto:{abuse}\" style=\"color:#52525b\">{abuse}</a>.</div>"
    );
    let page = wrap(body, brand);
    // `wrap` ends every page it makes with the message box's two closing
    // divs and the document's end; the footer goes inside the box.
    let end = "</div></div></body></html>";
    match page.strip_suffix(end) {
        Some(start) => format!("{start}</div>{footer}</div></body></html>"),
        None => format!("{page}{footer}"),
    }
}

/// Where the first `<body ...>` tag ends, if the text has one.
fn opening_body_tag_end(html: &str) -> Option<usize> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<body") {
        let start = from + at;
        let next = lower.as_bytes().get(start + 5).copied();
        if matches!(next, Some(b'>' | b' ' | b'\t' | b'\n' | b'\r' | b'/')) {
            return lower[start..].find('>').map(|end| start + end + 1);
        }
        from = start + 5;
    }
    None
}

/// `#rrggbb` (lower case) from six hex digits with an optional '#'; a stored
/// value is validated already, but the e-mail must never carry CSS it did
/// not check.
fn hex(value: &str) -> Option<String> {
    let digits = value.trim().trim_start_matches('#');
    (digits.len() == 6 && digits.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("#{}", digits.to_ascii_lowercase()))
}

/// WCAG relative luminance of a checked `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0)) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// WCAG contrast ratio, 1 to 21.
fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brand(primary: Option<&str>, foreground: Option<&str>) -> EmailBrand {
        EmailBrand {
            name: "Robôs & Cia".into(),
            primary: primary.map(Into::into),
            foreground: foreground.map(Into::into),
        }
    }

    #[test]
    fn contrast_follows_wcag() {
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        assert!((contrast("#777777", "#ffffff") - 4.48).abs() < 0.01);
        assert!((contrast("#ffffff", "#3b82f6") - 3.68).abs() < 0.01);
    }

    #[test]
    fn the_header_takes_the_tenants_primary_and_its_text_colour_when_that_reads() {
        assert_eq!(brand(Some("#1E3A8A"), Some("#fafafa")).header_colours(), ("#1e3a8a".into(), "#fafafa".into()));
        // A dark text colour meant for a light page does not read on a dark
        // primary: the header uses the portal's label instead.
        assert_eq!(brand(Some("#1e3a8a"), Some("#0f172a")).header_colours(), ("#1e3a8a".into(), WHITE.into()));
        // A light primary gets near-black text.
        assert_eq!(brand(Some("facc15"), None).header_colours(), ("#facc15".into(), NEAR_BLACK.into()));
        // No colours, or values that are not colours: the defaults.
        assert_eq!(brand(None, Some("red;background:url(x)")).header_colours(), (DEFAULT_PRIMARY.into(), WHITE.into()));
    }

    #[test]
    fn a_message_goes_out_under_a_header_in_the_tenants_colours_with_its_name_escaped() {
        let html = wrap("<h1>Olá, Ana!</h1>", &brand(Some("#14532d"), Some("#f0fdf4")));
        assert!(html.starts_with("<!doctype html>"), "{html}");
        let header_at = html.find("data-rf-header").unwrap();
        assert!(header_at < html.find("<h1>Olá, Ana!</h1>").unwrap(), "the header comes first: {html}");
        assert!(html.contains("style=\"background:#14532d;color:#f0fdf4;"), "{html}");
        assert!(html.contains(">Robôs &amp; Cia</div>"), "{html}");
    }

    #[test]
    fn a_framed_message_ends_in_the_platforms_footer_inside_the_box() {
        let frame = Frame { sender: "Demo <Robôs>", platform: "RoboForge", abuse_address: "abuse@roboforge.com.br" };
        let html = wrap_framed("<p>Oi</p>", &brand(None, None), &frame);
        assert!(html.ends_with("</div></div></body></html>"), "{html}");
        let footer = html.find("data-rf-frame-footer").unwrap();
        assert!(footer > html.find("<p>Oi</p>").unwrap());
        assert!(html.contains("enviada por <strong>Demo &lt;Robôs&gt;</strong>"), "{html}");
        assert!(html.contains("mailto:abuse@roboforge.com.br"), "{html}");
    }

    #[test]
    fn a_whole_document_keeps_its_page_and_gets_the_header_after_its_body_tag() {
        let template = "<html><BODY class=\"x\"><p>Oi</p></BODY></html>";
        let html = wrap(template, &brand(Some("#16a34a"), None));
        assert!(html.starts_with("<html><BODY class=\"x\"><div data-rf-header"), "{html}");
        assert!(html.ends_with("</div><p>Oi</p></BODY></html>"), "{html}");
        assert_eq!(html.matches("<html").count(), 1);
        // `<bodyguard>` is not a body tag.
        assert!(wrap("<bodyguard>x</bodyguard>", &EmailBrand::default()).starts_with("<!doctype html>"));
    }
}
