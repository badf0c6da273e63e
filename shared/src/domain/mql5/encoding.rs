//! `.mq5` files as MetaEditor writes them: UTF-16LE with a BOM (older
//! builds), UTF-8 with a BOM (newer ones) or plain Windows-1252 ("ANSI").

use super::InjectionError;

const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// The text of an uploaded `.mq5`, without its byte-order mark.
pub fn decode_source(bytes: &[u8]) -> Result<String, InjectionError> {
    if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        return String::from_utf8(rest.to_vec()).map_err(|_| InjectionError::UnreadableEncoding);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xff\xfe") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xfe\xff") {
        return utf16(rest, u16::from_be_bytes);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(_) => Ok(bytes.iter().map(|b| windows_1252(*b)).collect()),
    }
}

/// UTF-8 with a BOM: without it MetaEditor reads the file as ANSI and the
/// template's accented alerts come out garbled.
pub fn encode_source(source: &str) -> Vec<u8> {
    let text = source.strip_prefix('\u{feff}').unwrap_or(source);
    let mut bytes = Vec::with_capacity(UTF8_BOM.len() + text.len());
    bytes.extend_from_slice(UTF8_BOM);
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, InjectionError> {
    if !bytes.len().is_multiple_of(2) {
        return Err(InjectionError::UnreadableEncoding);
    }
    let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]])).collect();
    String::from_utf16(&units).map_err(|_| InjectionError::UnreadableEncoding)
}

fn windows_1252(byte: u8) -> char {
    // 0x80..=0x9f are printable in Windows-1252 (unlike Latin-1); the five
    // unassigned ones map to the C1 control of the same value.
    const HIGH: [u16; 32] = [
        0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
        0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
        0x0153, 0x009d, 0x017e, 0x0178,
    ];
    match byte {
        0x80..=0x9f => char::from_u32(u32::from(HIGH[usize::from(byte - 0x80)])).unwrap_or('\u{fffd}'),
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "Alert(\"⚠ Falha na validação da licença!\");\r\n";

    #[test]
    fn utf16le_with_bom_as_older_metaeditor_saves() {
        let mut bytes = vec![0xff, 0xfe];
        bytes.extend(TEXT.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(decode_source(&bytes).unwrap(), TEXT);
    }

    #[test]
    fn utf16be_utf8_with_and_without_bom() {
        let mut be = vec![0xfe, 0xff];
        be.extend(TEXT.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(decode_source(&be).unwrap(), TEXT);
        assert_eq!(decode_source(&encode_source(TEXT)).unwrap(), TEXT);
        assert_eq!(decode_source(TEXT.as_bytes()).unwrap(), TEXT);
    }

    #[test]
    fn ansi_files_are_windows_1252() {
        assert_eq!(decode_source(b"// Opera\xe7\xe3o \x93ok\x94 \x80").unwrap(), "// Operação “ok” €");
    }

    #[test]
    fn broken_files_are_refused() {
        assert_eq!(decode_source(b"\xff\xfe\x41"), Err(InjectionError::UnreadableEncoding));
        assert_eq!(decode_source(b"\xff\xfe\x00\xd8"), Err(InjectionError::UnreadableEncoding));
        assert_eq!(decode_source(b"\xef\xbb\xbf\xe7"), Err(InjectionError::UnreadableEncoding));
    }

    #[test]
    fn encoding_writes_one_bom() {
        let bytes = encode_source("\u{feff}void OnTick() {}");
        assert_eq!(&bytes[..3], UTF8_BOM);
        assert_eq!(&bytes[3..], b"void OnTick() {}");
    }
}
