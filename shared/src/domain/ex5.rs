//! What a compiled robot (`.ex5`) looks like and how large one may be: the
//! one rule both a plain upload (`uploads`) and an entry of a robot package
//! (`robot_zip`) are judged by, kept apart so neither imports the other.

/// Largest robot file.
pub const MAX_ROBOT_FILE_BYTES: usize = 50 * 1024 * 1024;
pub const ROBOT_FILE_TOO_LARGE: &str = "Arquivo muito grande. Tamanho máximo: 50MB";

/// Whether the first bytes of a file (up to 1 KiB) can be a compiled robot:
/// binary, and none of the formats it must not be.
pub fn looks_like_ex5(head: &[u8]) -> bool {
    const FOREIGN: &[&[u8]] = &[
        b"MZ",
        b"\x7fELF",
        b"PK",
        b"%PDF",
        b"#!",
        b"\x89PNG",
        b"\xFF\xD8\xFF",
        b"GIF8",
        b"RIFF",
        b"\x1f\x8b",
        b"Rar!",
        b"7z\xBC\xAF",
        b"\xCA\xFE\xBA\xBE",
        b"\xFE\xED\xFA",
        b"\xCF\xFA\xED\xFE",
    ];
    if FOREIGN.iter().any(|magic| head.starts_with(magic)) {
        return false;
    }
    let head = &head[..head.len().min(1024)];
    let texty = head.iter().filter(|b| b.is_ascii_graphic() || b.is_ascii_whitespace()).count();
    let utf16_text = head.len() > 2 && (head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]));
    texty * 100 < head.len() * 95 && !utf16_text
}
