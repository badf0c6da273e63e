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
}
