//! What an uploaded file really is, judged by its bytes (never by its name
//! or the type the browser claims): images for logos and favicons, compiled
//! robots (`.ex5`, or a `.zip` of them) for versions.

pub use crate::domain::ex5::{looks_like_ex5, MAX_ROBOT_FILE_BYTES, ROBOT_FILE_TOO_LARGE};

use crate::domain::safe_html;

/// Largest logo or favicon (spec: 5 MB).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

pub const IMAGE_TYPES_MESSAGE: &str = "Tipo de arquivo não permitido. Use: PNG, JPEG, SVG ou WEBP";
pub const IMAGE_TOO_LARGE: &str = "Arquivo muito grande. Tamanho máximo: 5MB";
pub const ROBOT_FILE_REFUSED: &str = "Arquivo inválido: envie o robô compilado (.ex5) ou um .zip";

/// An accepted image: what it is and the bytes to store (an SVG is stored
/// sanitized).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub extension: &'static str,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// The image `bytes` really are, or None.
pub fn image(bytes: &[u8]) -> Option<Image> {
    let found = |extension, content_type| Some(Image { extension, content_type, bytes: bytes.to_vec() });
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return found("png", "image/png");
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return found("jpg", "image/jpeg");
    }
    if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return found("webp", "image/webp");
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if (start.starts_with("<svg") || start.starts_with("<?xml") || start.starts_with("<!--")) && text.contains("<svg") {
        let clean = safe_html::svg(text)?;
        return Some(Image { extension: "svg", content_type: "image/svg+xml", bytes: clean.into_bytes() });
    }
    None
}

/// An accepted robot file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RobotFile {
    Ex5,
    Zip,
}

impl RobotFile {
    pub fn extension(self) -> &'static str {
        match self {
            RobotFile::Ex5 => "ex5",
            RobotFile::Zip => "zip",
        }
    }
}

/// Whether `bytes`, uploaded as `name`, are a compiled robot. The EX5 format
/// is closed, so an `.ex5` is accepted when it is binary and none of the
/// formats it must not be: a Windows or Linux executable, an archive, a
/// document, an image, or text (source code never goes to clients). A
/// `.zip` is opened and must be a robot package (`robot_zip::check`).
pub fn robot_file(name: &str, bytes: &[u8]) -> Option<RobotFile> {
    judge_robot_file(name, bytes).ok()
}

/// As [`robot_file`], with the pt-BR reason of a refusal: a refused package
/// says what is wrong inside it; anything else gets [`ROBOT_FILE_REFUSED`].
pub fn judge_robot_file(name: &str, bytes: &[u8]) -> Result<RobotFile, String> {
    let lower = name.trim().to_lowercase();
    if lower.ends_with(".zip") {
        return crate::domain::robot_zip::check(bytes).map(|()| RobotFile::Zip).map_err(|refusal| refusal.0);
    }
    if !lower.ends_with(".ex5") || bytes.len() < 16 || !looks_like_ex5(&bytes[..bytes.len().min(1024)]) {
        return Err(ROBOT_FILE_REFUSED.into());
    }
    Ok(RobotFile::Ex5)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

    #[test]
    fn images_are_known_by_their_bytes() {
        assert_eq!(image(PNG).unwrap().content_type, "image/png");
        assert_eq!(image(b"\xFF\xD8\xFF\xE0rest").unwrap().extension, "jpg");
        assert_eq!(image(b"RIFF\0\0\0\0WEBPVP8 ").unwrap().extension, "webp");
        assert!(image(b"MZ\x90\0not an image").is_none(), "an executable is no image");
        assert!(image(b"GIF89a").is_none(), "gif is not among the allowed types");
        let svg =
            image(br#"<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script><rect width="1"/></svg>"#).unwrap();
        assert_eq!(svg.content_type, "image/svg+xml");
        assert!(!String::from_utf8(svg.bytes).unwrap().contains("script"));
    }

    #[test]
    fn robot_files_are_judged_by_content_not_name() {
        let ex5: Vec<u8> = (0..2048u32).map(|i| (i * 7919 % 251) as u8).collect();
        assert_eq!(robot_file("Robo.EX5", &ex5), Some(RobotFile::Ex5));
        let mut exe = b"MZ\x90\0\x03\0\0\0".to_vec();
        exe.extend_from_slice(&ex5);
        assert_eq!(robot_file("robo.ex5", &exe), None, "an .exe renamed .ex5");
        assert_eq!(robot_file("robo.ex5", b"//+------------------------------------------------------------------+\n#property strict\nvoid OnTick(){}\n"), None, "source code");
        assert_eq!(robot_file("robo.zip", b"PK\x03\x04rest of a zip"), None, "a zip is opened, not sniffed");
        assert_eq!(robot_file("robo.zip", &crate::domain::robot_zip::writer::valid_package()), Some(RobotFile::Zip));
        assert_eq!(robot_file("robo.zip", &ex5), None);
        assert_eq!(robot_file("robo.exe", &ex5), None, "only .ex5 or .zip");
        assert_eq!(robot_file("foto.ex5", PNG), None);
    }
}
