//! A robot package (`.zip`) opened and checked before it is stored and served
//! to buyers (decision 0020). A zip is judged by both of its indexes: the
//! central directory (what most extractors list) and the local headers (what
//! streaming extractors read), which must describe the same entries, back to
//! back, with nothing before, between or after them. Every entry is then
//! inflated (stored and deflate only) within the robot-file limit and checked
//! by name and by content: a buyer who unpacks it gets only robots, settings,
//! documents, images and text, inside the folder they chose.

use std::collections::HashSet;

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};

use crate::domain::ex5::{self, MAX_ROBOT_FILE_BYTES};

/// Most entries (files and folders) a package may hold.
pub const MAX_ENTRIES: usize = 50;
/// Largest expansion of one entry (uncompressed / compressed) once it is
/// bigger than [`RATIO_FREE_BYTES`]: real robots, PDFs and images compress a
/// few times at most; a bomb compresses a thousand times.
pub const MAX_RATIO: u64 = 100;
/// Entries up to this size are not held to [`MAX_RATIO`] (a short text of
/// repeated characters is harmless).
pub const RATIO_FREE_BYTES: u64 = 64 * 1024;

/// The file kinds a package may hold, by extension.
pub const ALLOWED_EXTENSIONS: &[&str] = &["ex5", "set", "pdf", "png", "jpg", "jpeg", "gif", "webp", "txt"];

const LOCAL: &[u8; 4] = b"PK\x03\x04";
const CENTRAL: &[u8; 4] = b"PK\x01\x02";
const END: &[u8; 4] = b"PK\x05\x06";
const ZIP64_LOCATOR: &[u8; 4] = b"PK\x06\x07";
const DESCRIPTOR: &[u8; 4] = b"PK\x07\x08";
const END_LEN: usize = 22;
const CENTRAL_LEN: usize = 46;
const LOCAL_LEN: usize = 30;

/// General-purpose flags: encrypted, sizes in a trailing descriptor, strong
/// encryption, UTF-8 names, masked (encrypted) central directory.
const FLAG_ENCRYPTED: u16 = 1;
const FLAG_DESCRIPTOR: u16 = 1 << 3;
const FLAG_STRONG_ENCRYPTION: u16 = 1 << 6;
const FLAG_UTF8: u16 = 1 << 11;
const FLAG_MASKED_DIRECTORY: u16 = 1 << 13;
/// Flags whose meaning must agree between the two indexes.
const FLAGS_COMPARED: u16 =
    FLAG_ENCRYPTED | FLAG_DESCRIPTOR | FLAG_STRONG_ENCRYPTION | FLAG_UTF8 | FLAG_MASKED_DIRECTORY;

const STORED: u16 = 0;
const DEFLATE: u16 = 8;

/// Extra fields: ZIP64 sizes (refused) and Info-ZIP's Unicode path, a second
/// name some extractors prefer over the header's (checked like it).
const EXTRA_ZIP64: u16 = 0x0001;
const EXTRA_UNICODE_PATH: u16 = 0x7075;

/// Unix file type bits in the high half of the external attributes.
const S_IFMT: u32 = 0o170000;
const S_IFLNK: u32 = 0o120000;
const S_IFREG: u32 = 0o100000;
const S_IFDIR: u32 = 0o040000;
/// Windows: a reparse point (a junction or link).
const DOS_REPARSE_POINT: u32 = 0x400;

/// Why a package is refused: the pt-BR sentence the owner sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(message.into()))
}

fn corrupt<T>() -> Result<T, Refusal> {
    refuse("O arquivo .zip está corrompido ou não é um .zip válido")
}

/// The entry's name as shown in a message: lossy, control characters made
/// visible, and short.
fn shown(name: &[u8]) -> String {
    let text: String = String::from_utf8_lossy(name)
        .chars()
        .map(|c| if c.is_control() || is_invisible(c) { '?' } else { c })
        .collect();
    if text.chars().count() > 120 {
        format!("{}…", text.chars().take(120).collect::<String>())
    } else {
        text
    }
}

/// Characters that change how a name reads without being seen (bidi
/// overrides make `fdp.exe` look like `exe.pdf`), and look-alikes of the
/// separators that Windows' best-fit mapping turns into `/`, `\` or `:`.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        | '\u{2044}' | '\u{2215}' | '\u{29F5}' | '\u{FF0F}' | '\u{FF3C}' | '\u{FF1A}')
}

fn bomb_message(name: &[u8]) -> String {
    format!("O arquivo .zip contém um arquivo compactado demais (possível bomba de descompressão): {}", shown(name))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// `bytes[at..at + len]`, or corrupt when it runs past the end.
fn slice(bytes: &[u8], at: usize, len: usize) -> Result<&[u8], Refusal> {
    match at.checked_add(len) {
        Some(end) if end <= bytes.len() => Ok(&bytes[at..end]),
        _ => corrupt(),
    }
}

/// One entry as the central directory describes it.
struct Entry<'a> {
    name: &'a [u8],
    flags: u16,
    method: u16,
    crc: u32,
    compressed: u64,
    size: u64,
    offset: usize,
}

/// Checks a package; Ok when every rule holds.
pub fn check(bytes: &[u8]) -> Result<(), Refusal> {
    if bytes.len() > MAX_ROBOT_FILE_BYTES {
        return refuse(ex5::ROBOT_FILE_TOO_LARGE);
    }
    let (directory_at, directory_len, count) = end_record(bytes)?;
    let entries = central_directory(bytes, directory_at, directory_len, count)?;
    let total: u64 = entries.iter().map(|e| e.size).sum();
    if total > MAX_ROBOT_FILE_BYTES as u64 {
        return refuse("O conteúdo do arquivo .zip passa de 50MB descompactado");
    }
    if let Some(bomb) =
        entries.iter().find(|e| e.size > RATIO_FREE_BYTES && e.size > e.compressed.saturating_mul(MAX_RATIO))
    {
        return refuse(bomb_message(bomb.name));
    }
    names(&entries)?;
    let mut by_offset: Vec<&Entry> = entries.iter().collect();
    by_offset.sort_by_key(|e| e.offset);
    // The local entries must tile the file from byte 0 to the central
    // directory: data before the first, between two, or an entry that two
    // headers share (the overlapping-files bomb) all break the tiling.
    let mut expected = 0usize;
    let mut robots = 0;
    for entry in by_offset {
        if entry.offset != expected {
            return refuse("O arquivo .zip contém dados fora dos arquivos listados");
        }
        let (data_at, end) = local_entry(bytes, entry)?;
        let kind = contents(entry, &bytes[data_at..data_at + entry.compressed as usize])?;
        robots += usize::from(kind == Some("ex5"));
        expected = end;
    }
    if expected != directory_at {
        return refuse("O arquivo .zip contém dados fora dos arquivos listados");
    }
    if robots == 0 {
        return refuse("O arquivo .zip não contém nenhum robô compilado (.ex5)");
    }
    Ok(())
}

/// Finds the end-of-central-directory record, which must end the file
/// exactly (its comment included): anything appended after it is refused.
fn end_record(bytes: &[u8]) -> Result<(usize, usize, usize), Refusal> {
    if bytes.len() < END_LEN || !bytes.starts_with(LOCAL) {
        // Data before the first local header (a self-extracting stub, or a
        // file that is something else with a zip appended) is refused here.
        return refuse("O arquivo .zip contém dados antes do primeiro arquivo ou não é um .zip válido");
    }
    let earliest = bytes.len().saturating_sub(END_LEN + u16::MAX as usize);
    let at = (earliest..=bytes.len() - END_LEN)
        .rev()
        .find(|&at| &bytes[at..at + 4] == END && at + END_LEN + u16_at(bytes, at + 20) as usize == bytes.len());
    let Some(at) = at.filter(|&at| !bytes[at + 4..].windows(4).any(|w| w == END)) else {
        return if bytes.windows(4).any(|w| w == END) {
            refuse("O arquivo .zip contém dados depois do fim do arquivo compactado")
        } else {
            corrupt()
        };
    };
    let (disk, directory_disk) = (u16_at(bytes, at + 4), u16_at(bytes, at + 6));
    let (on_disk, count) = (u16_at(bytes, at + 8), u16_at(bytes, at + 10));
    let (directory_len, directory_at) = (u32_at(bytes, at + 12), u32_at(bytes, at + 16));
    if count == u16::MAX
        || directory_len == u32::MAX
        || directory_at == u32::MAX
        || (at >= 20 && &bytes[at - 20..at - 16] == ZIP64_LOCATOR)
    {
        return refuse("O arquivo .zip usa o formato ZIP64, que não é aceito");
    }
    if disk != 0 || directory_disk != 0 || on_disk != count {
        return refuse("O arquivo .zip está dividido em partes, o que não é aceito");
    }
    if count as usize > MAX_ENTRIES {
        return refuse(format!("O arquivo .zip contém arquivos demais (máximo {MAX_ENTRIES})"));
    }
    let (directory_at, directory_len) = (directory_at as usize, directory_len as usize);
    // The central directory ends where this record starts: nothing hidden
    // between them.
    if directory_at.checked_add(directory_len) != Some(at) {
        return corrupt();
    }
    Ok((directory_at, directory_len, count as usize))
}

/// Reads exactly `count` central headers filling exactly `len` bytes.
fn central_directory(bytes: &[u8], at: usize, len: usize, count: usize) -> Result<Vec<Entry<'_>>, Refusal> {
    let directory = slice(bytes, at, len)?;
    let mut entries = Vec::with_capacity(count);
    let mut pos = 0;
    while pos < directory.len() {
        if entries.len() == count {
            return corrupt();
        }
        let header = slice(directory, pos, CENTRAL_LEN)?;
        if &header[..4] != CENTRAL {
            return corrupt();
        }
        let (name_len, extra_len, comment_len) =
            (u16_at(header, 28) as usize, u16_at(header, 30) as usize, u16_at(header, 32) as usize);
        let name = slice(directory, pos + CENTRAL_LEN, name_len)?;
        let extra = slice(directory, pos + CENTRAL_LEN + name_len, extra_len)?;
        slice(directory, pos + CENTRAL_LEN + name_len + extra_len, comment_len)?;
        let flags = u16_at(header, 8);
        let entry = Entry {
            name,
            flags,
            method: u16_at(header, 10),
            crc: u32_at(header, 16),
            compressed: u32_at(header, 20) as u64,
            size: u32_at(header, 24) as u64,
            offset: u32_at(header, 42) as usize,
        };
        let shown = shown(name);
        if name.is_empty() {
            return corrupt();
        }
        if flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_DIRECTORY) != 0 {
            return refuse(format!("O arquivo .zip contém um arquivo protegido por senha: {shown}"));
        }
        if entry.compressed == u32::MAX as u64 || entry.size == u32::MAX as u64 || entry.offset == u32::MAX as usize {
            return refuse("O arquivo .zip usa o formato ZIP64, que não é aceito");
        }
        if u16_at(header, 34) != 0 {
            return refuse("O arquivo .zip está dividido em partes, o que não é aceito");
        }
        let external = u32_at(header, 38);
        let file_type = (external >> 16) & S_IFMT;
        if file_type == S_IFLNK || external & DOS_REPARSE_POINT != 0 {
            return refuse(format!("O arquivo .zip contém um link simbólico: {shown}"));
        }
        if file_type != 0 && file_type != S_IFREG && file_type != S_IFDIR {
            return refuse(format!("O arquivo .zip contém um arquivo especial (não é arquivo nem pasta): {shown}"));
        }
        if entry.method != STORED && entry.method != DEFLATE {
            return refuse(format!(
                "O arquivo .zip usa um método de compressão não aceito em {shown} (use Deflate ou sem compressão)"
            ));
        }
        // A stored entry whose sizes follow it cannot be delimited by a
        // streaming extractor except by searching its bytes for the next
        // signature, which the entry's own bytes can fake.
        if entry.method == STORED && (entry.compressed != entry.size || flags & FLAG_DESCRIPTOR != 0) {
            return corrupt();
        }
        extra_fields(extra, entry.name, flags)?;
        entries.push(entry);
        pos += CENTRAL_LEN + name_len + extra_len + comment_len;
    }
    if entries.len() != count {
        return corrupt();
    }
    Ok(entries)
}

/// Refuses ZIP64 sizes and checks an Info-ZIP Unicode path like the name.
fn extra_fields(extra: &[u8], name: &[u8], flags: u16) -> Result<(), Refusal> {
    let mut pos = 0;
    while pos < extra.len() {
        let head = slice(extra, pos, 4)?;
        let (id, len) = (u16_at(head, 0), u16_at(head, 2) as usize);
        let data = slice(extra, pos + 4, len)?;
        match id {
            EXTRA_ZIP64 => return refuse("O arquivo .zip usa o formato ZIP64, que não é aceito"),
            EXTRA_UNICODE_PATH => {
                // version (1), CRC-32 of the header name (4), UTF-8 name.
                if data.len() < 5 {
                    return corrupt();
                }
                let alias = &data[5..];
                if alias != name {
                    path(alias, flags | FLAG_UTF8)?;
                    if kind_of(alias) != kind_of(name) {
                        return refuse(format!("O arquivo .zip contém um caminho inválido: {}", shown(alias)));
                    }
                }
            }
            _ => {}
        }
        pos += 4 + len;
    }
    Ok(())
}

/// The entry's extension when it is an allowed kind (lowercase), None for a
/// folder.
fn kind_of(name: &[u8]) -> Option<String> {
    if name.ends_with(b"/") {
        return None;
    }
    let file = name.rsplit(|&b| b == b'/').next().unwrap_or(name);
    let dot = file.iter().rposition(|&b| b == b'.')?;
    Some(String::from_utf8_lossy(&file[dot + 1..]).to_lowercase())
}

/// A relative path of plain components that stays inside the folder it is
/// unpacked into, on Windows and on Unix alike.
fn path(name: &[u8], flags: u16) -> Result<String, Refusal> {
    let invalid = || refuse(format!("O arquivo .zip contém um caminho inválido: {}", shown(name)));
    let text = if flags & FLAG_UTF8 != 0 || name.is_ascii() {
        match std::str::from_utf8(name) {
            Ok(text) => text.to_string(),
            Err(_) => return invalid(),
        }
    } else {
        // A legacy code page (CP437/CP850): the bytes above 0x7F are letters
        // there, never separators, so the ASCII checks below still hold.
        String::from_utf8_lossy(name).into_owned()
    };
    if text.starts_with('/') || text.contains('\\') || text.contains(':') {
        return invalid();
    }
    if text.chars().any(|c| c.is_control() || is_invisible(c)) {
        return invalid();
    }
    let body = text.strip_suffix('/').unwrap_or(&text);
    for component in body.split('/') {
        let stem = component.split('.').next().unwrap_or_default().to_ascii_uppercase();
        let reserved = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
            || ((stem.starts_with("COM") || stem.starts_with("LPT"))
                && stem.len() == 4
                && stem.as_bytes()[3].is_ascii_digit());
        if component.is_empty()
            || component == "."
            || component == ".."
            || component.ends_with('.')
            || component.ends_with(' ')
            || reserved
            || component.chars().any(|c| matches!(c, '<' | '>' | '"' | '|' | '?' | '*'))
        {
            return invalid();
        }
    }
    Ok(text)
}

/// Names: valid paths of allowed kinds, each once (ignoring case, as Windows
/// does), and no file where another entry needs a folder.
fn names(entries: &[Entry]) -> Result<(), Refusal> {
    let mut seen = HashSet::new();
    let mut files = HashSet::new();
    let mut folders = HashSet::new();
    for entry in entries {
        let text = path(entry.name, entry.flags)?.to_lowercase();
        let shown = shown(entry.name);
        let key = text.trim_end_matches('/').to_string();
        if !seen.insert(key.clone()) {
            return refuse(format!("O arquivo .zip contém um nome repetido: {shown}"));
        }
        if text.ends_with('/') {
            // A folder holds nothing (an empty deflate stream is 2 bytes).
            if entry.size != 0 || entry.compressed > 2 {
                return corrupt();
            }
            folders.insert(key.clone());
        } else {
            match kind_of(entry.name) {
                Some(kind) if ALLOWED_EXTENSIONS.contains(&kind.as_str()) => {}
                _ => {
                    return refuse(format!(
                        "O arquivo .zip contém um tipo de arquivo não permitido: {shown} (permitidos: {})",
                        ALLOWED_EXTENSIONS.iter().map(|e| format!(".{e}")).collect::<Vec<_>>().join(", ")
                    ))
                }
            }
            files.insert(key.clone());
        }
        let mut parent = key.as_str();
        while let Some(cut) = parent.rfind('/') {
            parent = &parent[..cut];
            folders.insert(parent.to_string());
        }
    }
    if let Some(clash) = files.intersection(&folders).next() {
        return refuse(format!("O arquivo .zip contém um nome repetido: {clash}"));
    }
    Ok(())
}

/// Checks the local header of `entry` against the central one; returns where
/// its data starts and where the entry (descriptor included) ends.
fn local_entry(bytes: &[u8], entry: &Entry) -> Result<(usize, usize), Refusal> {
    let header = slice(bytes, entry.offset, LOCAL_LEN)?;
    if &header[..4] != LOCAL {
        return corrupt();
    }
    let (name_len, extra_len) = (u16_at(header, 26) as usize, u16_at(header, 28) as usize);
    let name = slice(bytes, entry.offset + LOCAL_LEN, name_len)?;
    let extra = slice(bytes, entry.offset + LOCAL_LEN + name_len, extra_len)?;
    let flags = u16_at(header, 6);
    // A streaming extractor reads this header, not the central one: it must
    // say the same thing.
    if name != entry.name || u16_at(header, 8) != entry.method || flags & FLAGS_COMPARED != entry.flags & FLAGS_COMPARED
    {
        return refuse(format!(
            "O arquivo .zip é inconsistente (o índice e o conteúdo não coincidem): {}",
            shown(entry.name)
        ));
    }
    extra_fields(extra, entry.name, flags)?;
    let (crc, compressed, size) = (u32_at(header, 14), u32_at(header, 18) as u64, u32_at(header, 22) as u64);
    let data_at = entry.offset + LOCAL_LEN + name_len + extra_len;
    slice(bytes, data_at, entry.compressed as usize)?;
    let mut end = data_at + entry.compressed as usize;
    let consistent = if flags & FLAG_DESCRIPTOR == 0 {
        (crc, compressed, size) == (entry.crc, entry.compressed, entry.size)
    } else {
        // Sizes follow the data: an optional signature, CRC, two sizes.
        let signed = slice(bytes, end, 4)? == DESCRIPTOR;
        let at = end + if signed { 4 } else { 0 };
        let descriptor = slice(bytes, at, 12)?;
        end = at + 12;
        (u32_at(descriptor, 0), u32_at(descriptor, 4) as u64, u32_at(descriptor, 8) as u64)
            == (entry.crc, entry.compressed, entry.size)
            && (crc == 0 || crc == entry.crc)
    };
    if !consistent {
        return refuse(format!(
            "O arquivo .zip é inconsistente (o índice e o conteúdo não coincidem): {}",
            shown(entry.name)
        ));
    }
    Ok((data_at, end))
}

/// Inflates one entry (never past its declared size) and checks its bytes
/// against its kind. Returns the kind (None for a folder).
fn contents(entry: &Entry, data: &[u8]) -> Result<Option<&'static str>, Refusal> {
    let Some(kind) = kind_of(entry.name) else { return Ok(None) };
    let kind = ALLOWED_EXTENSIONS.iter().copied().find(|k| *k == kind).expect("names() checked the kind");
    let shown = shown(entry.name);
    let mut head = Vec::with_capacity(1024);
    let mut crc = Crc32::new();
    let mut size = 0u64;
    let mut take = |chunk: &[u8]| -> Result<(), Refusal> {
        size += chunk.len() as u64;
        if size > entry.size {
            // More than it declared: a bomb lying about its size.
            return refuse(bomb_message(entry.name));
        }
        let room = 1024 - head.len();
        head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        crc.update(chunk);
        Ok(())
    };
    if entry.method == STORED {
        take(data)?;
    } else {
        let mut state = InflateState::new_boxed(DataFormat::Raw);
        let mut out = vec![0u8; 64 * 1024];
        let mut input = data;
        loop {
            let result = inflate(&mut state, input, &mut out, MZFlush::None);
            input = &input[result.bytes_consumed..];
            take(&out[..result.bytes_written])?;
            match result.status {
                Ok(MZStatus::StreamEnd) => break,
                Ok(_) if result.bytes_consumed > 0 || result.bytes_written > 0 => {}
                _ => return corrupt(),
            }
        }
        // The deflate stream must end where the entry does.
        if !input.is_empty() {
            return corrupt();
        }
    }
    if size != entry.size || crc.finish() != entry.crc {
        return refuse(format!("O arquivo .zip está corrompido: {shown}"));
    }
    if !content_matches(kind, &head, size) {
        return refuse(format!("O arquivo .zip contém um arquivo cujo conteúdo não corresponde ao tipo: {shown}"));
    }
    Ok(Some(kind))
}

/// Executables and archives, which no kind may be.
const EXECUTABLE_OR_ARCHIVE: &[&[u8]] = &[
    b"MZ",
    b"\x7fELF",
    b"#!",
    b"\xCA\xFE\xBA\xBE",
    b"\xFE\xED\xFA",
    b"\xCF\xFA\xED\xFE",
    b"\xCE\xFA\xED\xFE",
    b"PK",
    b"\x1f\x8b",
    b"Rar!",
    b"7z\xBC\xAF",
];

/// Whether the first bytes (`head`, up to 1 KiB of `size`) fit the kind.
fn content_matches(kind: &str, head: &[u8], size: u64) -> bool {
    if EXECUTABLE_OR_ARCHIVE.iter().any(|magic| head.starts_with(magic)) {
        return false;
    }
    match kind {
        // As a lone upload would be judged (`head` is all of it, or 1 KiB of
        // a larger file, which is all the check reads).
        "ex5" => size >= 16 && ex5::looks_like_ex5(head),
        "pdf" => head.starts_with(b"%PDF-"),
        "png" => head.starts_with(b"\x89PNG\r\n\x1a\n"),
        "jpg" | "jpeg" => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        "gif" => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
        "webp" => head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WEBP",
        // Settings and text have no signature; they only may not be any of
        // the binary kinds above, nor a document or image in disguise.
        "set" | "txt" => {
            !(head.starts_with(b"%PDF") || head.starts_with(b"\x89PNG") || head.starts_with(&[0xFF, 0xD8]))
        }
        _ => false,
    }
}

/// CRC-32 (IEEE), as zip records it.
pub(crate) struct Crc32(u32);

impl Crc32 {
    pub(crate) fn new() -> Self {
        Crc32(!0)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        const TABLE: [u32; 256] = {
            let mut table = [0u32; 256];
            let mut i = 0;
            while i < 256 {
                let mut c = i as u32;
                let mut k = 0;
                while k < 8 {
                    c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                    k += 1;
                }
                table[i] = c;
                i += 1;
            }
            table
        };
        for &b in bytes {
            self.0 = TABLE[((self.0 ^ b as u32) & 0xFF) as usize] ^ (self.0 >> 8);
        }
    }

    pub(crate) fn finish(&self) -> u32 {
        !self.0
    }
}

/// Builds zip archives for tests, well-formed or deliberately not.
#[cfg(feature = "testing")]
pub mod writer {
    use super::Crc32;

    /// One entry to write; the builders set the usual cases.
    #[derive(Clone)]
    pub struct Entry {
        pub name: Vec<u8>,
        pub data: Vec<u8>,
        /// 0 stored, 8 deflate (compressed here), anything else written as is.
        pub method: u16,
        pub flags: u16,
        /// Version made by: the high byte 3 is Unix.
        pub made_by: u16,
        pub external: u32,
        /// Overrides the uncompressed size written in both headers.
        pub declared_size: Option<u32>,
        /// A name for the local header different from the central one.
        pub local_name: Option<Vec<u8>>,
        pub extra: Vec<u8>,
    }

    impl Entry {
        /// A deflated file.
        pub fn file(name: &str, data: &[u8]) -> Entry {
            Entry {
                name: name.as_bytes().to_vec(),
                data: data.to_vec(),
                method: 8,
                flags: 0,
                made_by: 20,
                external: 0,
                declared_size: None,
                local_name: None,
                extra: Vec::new(),
            }
        }

        /// A file stored without compression.
        pub fn stored(name: &str, data: &[u8]) -> Entry {
            Entry { method: 0, ..Entry::file(name, data) }
        }

        /// A Unix symbolic link to `target`.
        pub fn symlink(name: &str, target: &str) -> Entry {
            Entry { made_by: (3 << 8) | 20, external: (0o120777u32) << 16, ..Entry::stored(name, target.as_bytes()) }
        }

        /// Flagged encrypted (the data is not, which is enough to test the flag).
        pub fn encrypted(mut self) -> Entry {
            self.flags |= 1;
            self
        }
    }

    /// The bytes of an archive holding `entries`, with `comment`.
    pub fn zip_with_comment(entries: &[Entry], comment: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for entry in entries {
            let mut crc = Crc32::new();
            crc.update(&entry.data);
            let crc = crc.finish();
            let body = if entry.method == 8 {
                miniz_oxide::deflate::compress_to_vec(&entry.data, 6)
            } else {
                entry.data.clone()
            };
            let size = entry.declared_size.unwrap_or(entry.data.len() as u32);
            let offset = out.len() as u32;
            let local_name = entry.local_name.as_ref().unwrap_or(&entry.name);
            out.extend_from_slice(b"PK\x03\x04");
            for v in [20u16, entry.flags, entry.method, 0, 0] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            for v in [crc, body.len() as u32, size] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&(local_name.len() as u16).to_le_bytes());
            out.extend_from_slice(&(entry.extra.len() as u16).to_le_bytes());
            out.extend_from_slice(local_name);
            out.extend_from_slice(&entry.extra);
            out.extend_from_slice(&body);

            central.extend_from_slice(b"PK\x01\x02");
            for v in [entry.made_by, 20, entry.flags, entry.method, 0, 0] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            for v in [crc, body.len() as u32, size] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            for v in [entry.name.len() as u16, entry.extra.len() as u16, 0, 0, 0] {
                central.extend_from_slice(&v.to_le_bytes());
            }
            central.extend_from_slice(&entry.external.to_le_bytes());
            central.extend_from_slice(&offset.to_le_bytes());
            central.extend_from_slice(&entry.name);
            central.extend_from_slice(&entry.extra);
        }
        let directory_at = out.len() as u32;
        out.extend_from_slice(&central);
        out.extend_from_slice(b"PK\x05\x06");
        for v in [0u16, 0, entries.len() as u16, entries.len() as u16] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(central.len() as u32).to_le_bytes());
        out.extend_from_slice(&directory_at.to_le_bytes());
        out.extend_from_slice(&(comment.len() as u16).to_le_bytes());
        out.extend_from_slice(comment);
        out
    }

    /// The bytes of an archive holding `entries`.
    pub fn zip(entries: &[Entry]) -> Vec<u8> {
        zip_with_comment(entries, b"")
    }

    /// Bytes that pass the `.ex5` check (binary, no known signature).
    pub fn ex5(seed: u32) -> Vec<u8> {
        (0..4096u32).map(|i| ((i + seed) * 7919 % 251) as u8).collect()
    }

    /// A package that is accepted: a robot, its settings, a manual, an image
    /// and a text.
    pub fn valid_package() -> Vec<u8> {
        zip(&[
            Entry::file("Robo/Robo.ex5", &ex5(1)),
            Entry::file("Robo/Padrão.set", "Lote=0.1\nStopLoss=200\n".as_bytes()),
            Entry::file("Robo/Manual.pdf", b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
            Entry::stored("Robo/logo.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0"),
            Entry::file("Robo/LEIA-ME.txt", "Copie Robo.ex5 para MQL5/Experts.\n".as_bytes()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::writer::{ex5, valid_package, zip, zip_with_comment, Entry};
    use super::*;

    fn refusal(bytes: &[u8]) -> String {
        match check(bytes) {
            Err(refusal) => refusal.0,
            Ok(()) => panic!("accepted: {:?}", String::from_utf8_lossy(&bytes[..bytes.len().min(300)])),
        }
    }

    fn robot() -> Entry {
        Entry::file("Robo.ex5", &ex5(1))
    }

    /// Where the central directory starts (from the end record).
    fn directory_at(bytes: &[u8]) -> usize {
        u32_at(bytes, bytes.len() - 6) as usize
    }

    #[test]
    fn a_real_package_is_accepted_in_each_of_its_shapes() {
        assert_eq!(check(&valid_package()), Ok(()));
        assert_eq!(check(&zip(&[Entry::stored("Robo.EX5", &ex5(1))])), Ok(()), "stored, extension in capitals");
        assert_eq!(
            check(&zip(&[
                Entry::stored("MQL5/", b""),
                Entry::stored("MQL5/Experts/", b""),
                Entry::file("MQL5/Experts/Robo.ex5", &ex5(1))
            ])),
            Ok(()),
            "folders"
        );
        assert_eq!(check(&zip_with_comment(&[robot()], b"Robo v1")), Ok(()), "a comment");
        let legacy = Entry { name: b"Configura\x87\xc6o.set".to_vec(), ..Entry::file("x", b"Lote=1") };
        assert_eq!(check(&zip(&[robot(), legacy])), Ok(()), "a CP850 name without the UTF-8 flag");
        let unix = Entry { made_by: (3 << 8) | 20, external: 0o100644 << 16, ..robot() };
        assert_eq!(check(&zip(&[unix])), Ok(()), "a regular file written on Unix");
        let gif = Entry::file("tela.gif", b"GIF89a\x01\0\x01\0");
        let webp = Entry::file("tela.webp", b"RIFF\x10\0\0\0WEBPVP8 ");
        let jpeg = Entry::file("tela.jpeg", b"\xFF\xD8\xFF\xE0\0\x10JFIF");
        assert_eq!(check(&zip(&[robot(), gif, webp, jpeg])), Ok(()));
        // A 1 MB text that compresses 3x is no bomb.
        let text: Vec<u8> = (0..1_000_000u64)
            .scan(1u64, |x, _| {
                *x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                Some(b'a' + ((*x >> 33) % 16) as u8)
            })
            .collect();
        assert_eq!(check(&zip(&[robot(), Entry::file("log.txt", &text)])), Ok(()));
    }

    #[test]
    fn a_package_written_with_data_descriptors_is_accepted() {
        // Streaming writers put the sizes after the data (flag bit 3).
        let mut entry = robot();
        entry.flags = FLAG_DESCRIPTOR;
        let plain = zip(&[entry]);
        let data_len = u32_at(&plain, 18) as usize;
        let data_end = LOCAL_LEN + 8 + data_len;
        let mut bytes = plain[..data_end].to_vec();
        bytes[14..26].fill(0);
        bytes.extend_from_slice(DESCRIPTOR);
        bytes.extend_from_slice(&plain[14..26]);
        let directory = &plain[data_end..];
        bytes.extend_from_slice(directory);
        let at = bytes.len() - 6;
        bytes[at..at + 4].copy_from_slice(&((data_end + 16) as u32).to_le_bytes());
        assert_eq!(check(&bytes), Ok(()));
        // The descriptor must agree with the central directory.
        bytes[data_end + 4] ^= 1;
        assert!(refusal(&bytes).contains("inconsistente"), "{}", refusal(&bytes));
    }

    #[test]
    fn bytes_outside_the_entries_are_refused() {
        let good = zip(&[robot()]);
        let sfx = [b"MZ\x90\0".as_slice(), &good].concat();
        assert!(refusal(&sfx).contains("dados antes do primeiro arquivo"), "a self-extracting stub");
        let trailing = [good.as_slice(), b"MZ\x90\0 appended"].concat();
        assert_eq!(refusal(&trailing), "O arquivo .zip contém dados depois do fim do arquivo compactado");
        let fake_end = zip_with_comment(&[robot()], b"PK\x05\x06");
        assert_eq!(refusal(&fake_end), "O arquivo .zip contém dados depois do fim do arquivo compactado");

        // Data hidden between the last entry and the central directory.
        let mut gap = good.clone();
        let at = directory_at(&gap);
        gap.splice(at..at, b"hidden".iter().copied());
        let end = gap.len() - 6;
        gap[end..end + 4].copy_from_slice(&((at + 6) as u32).to_le_bytes());
        assert_eq!(refusal(&gap), "O arquivo .zip contém dados fora dos arquivos listados");

        // Two central entries sharing one local entry (overlapping files).
        let one = zip(&[robot()]);
        let at = directory_at(&one);
        let central = one[at..one.len() - END_LEN].to_vec();
        let mut twin = central.clone();
        twin[CENTRAL_LEN..CENTRAL_LEN + 4].copy_from_slice(b"Copy");
        let mut overlap = one[..at].to_vec();
        overlap.extend_from_slice(&central);
        overlap.extend_from_slice(&twin);
        overlap.extend_from_slice(b"PK\x05\x06\0\0\0\0\x02\0\x02\0");
        overlap.extend_from_slice(&((central.len() * 2) as u32).to_le_bytes());
        overlap.extend_from_slice(&(at as u32).to_le_bytes());
        overlap.extend_from_slice(b"\0\0");
        assert_eq!(refusal(&overlap), "O arquivo .zip contém dados fora dos arquivos listados");
    }

    #[test]
    fn the_two_indexes_must_agree() {
        let renamed = Entry { local_name: Some(b"Robo.exe".to_vec()), ..robot() };
        assert_eq!(
            refusal(&zip(&[renamed])),
            "O arquivo .zip é inconsistente (o índice e o conteúdo não coincidem): Robo.ex5"
        );
        let mut count = zip(&[robot(), Entry::file("a.txt", b"a")]);
        let end = count.len() - END_LEN;
        count[end + 8] = 1;
        count[end + 10] = 1;
        assert!(refusal(&count).contains("corrompido"), "{}", refusal(&count));
        let mut crc = zip(&[Entry::stored("Robo.ex5", &ex5(1))]);
        crc[LOCAL_LEN + 8 + 100] ^= 0xFF;
        assert_eq!(refusal(&crc), "O arquivo .zip está corrompido: Robo.ex5");
        assert!(refusal(b"PK\x03\x04 not really a zip archive at all").contains("corrompido"));
        let stored_streamed = Entry { flags: FLAG_DESCRIPTOR, ..Entry::stored("Robo.ex5", &ex5(1)) };
        assert!(refusal(&zip(&[stored_streamed])).contains("corrompido"), "stored with a trailing descriptor");
        let full_folder = Entry::file("Robo/", b"hidden bytes");
        assert!(refusal(&zip(&[robot(), Entry { declared_size: Some(0), ..full_folder }])).contains("corrompido"));
        assert!(refusal(b"").contains("não é um .zip"));
    }

    #[test]
    fn names_that_leave_the_folder_or_mislead_are_refused() {
        for name in [
            "../Robo.ex5",
            "a/../../Robo.ex5",
            "./Robo.ex5",
            "a//Robo.ex5",
            "/Robo.ex5",
            "C:Robo.ex5",
            "a\\..\\Robo.ex5",
            "Robo.ex5:stream",
            "Robo\0.ex5",
            "Robo\n.ex5",
            "Robo\u{202E}5xe.ex5",
            "Robo\u{FF0F}x.ex5",
            "CON.ex5",
            "lpt1/Robo.ex5",
            "Robo /x.txt",
            "Robo./x.txt",
            "Robo*.ex5",
        ] {
            let entry = Entry { name: name.as_bytes().to_vec(), ..robot() };
            let message = refusal(&zip(&[robot(), entry]));
            assert!(message.starts_with("O arquivo .zip contém um caminho inválido: "), "{name:?}: {message}");
            assert!(!message.contains('\0') && !message.contains('\n'), "control characters are not echoed");
        }
        let invalid_utf8 = Entry { name: b"Robo\xff.ex5".to_vec(), flags: FLAG_UTF8, ..robot() };
        assert!(refusal(&zip(&[robot(), invalid_utf8])).contains("caminho inválido"));
    }

    #[test]
    fn a_second_name_in_an_extra_field_is_checked_too() {
        let alias = |name: &str| {
            let mut data = vec![1u8, 0, 0, 0, 0];
            data.extend_from_slice(name.as_bytes());
            let mut extra = EXTRA_UNICODE_PATH.to_le_bytes().to_vec();
            extra.extend_from_slice(&(data.len() as u16).to_le_bytes());
            extra.extend_from_slice(&data);
            Entry { extra, ..Entry::file("Leia.txt", b"texto") }
        };
        assert_eq!(
            refusal(&zip(&[robot(), alias("../../evil.txt")])),
            "O arquivo .zip contém um caminho inválido: ../../evil.txt"
        );
        assert!(refusal(&zip(&[robot(), alias("Leia.exe")])).contains("caminho inválido"), "a different kind");
        assert_eq!(check(&zip(&[robot(), alias("Leiа.txt")])), Ok(()), "a harmless alias");
        let zip64 = Entry { extra: vec![1, 0, 0, 0], ..robot() };
        assert_eq!(refusal(&zip(&[zip64])), "O arquivo .zip usa o formato ZIP64, que não é aceito");
    }

    #[test]
    fn names_are_unique_ignoring_case_and_files_are_not_folders() {
        assert_eq!(
            refusal(&zip(&[robot(), Entry::file("ROBO.EX5", &ex5(2))])),
            "O arquivo .zip contém um nome repetido: ROBO.EX5"
        );
        assert!(refusal(&zip(&[robot(), Entry::file("a.txt", b"x"), Entry::file("a.txt/b.txt", b"y")]))
            .contains("nome repetido"));
    }

    #[test]
    fn only_stored_and_deflate_without_encryption() {
        let bzip2 = Entry { method: 12, ..Entry::stored("Robo.ex5", &ex5(1)) };
        assert_eq!(
            refusal(&zip(&[bzip2])),
            "O arquivo .zip usa um método de compressão não aceito em Robo.ex5 (use Deflate ou sem compressão)"
        );
        let strong = Entry { flags: FLAG_STRONG_ENCRYPTION, ..robot() };
        assert!(refusal(&zip(&[strong])).contains("protegido por senha"));
        let fifo = Entry { made_by: (3 << 8) | 20, external: 0o010644 << 16, ..robot() };
        assert!(refusal(&zip(&[fifo])).contains("arquivo especial"));
        let junction = Entry { external: DOS_REPARSE_POINT, ..robot() };
        assert!(refusal(&zip(&[junction])).contains("link simbólico"));
    }

    #[test]
    fn each_kind_is_checked_by_its_content() {
        let wrong = |name: &str, data: &[u8]| refusal(&zip(&[robot(), Entry::file(name, data)]));
        for (name, data) in [
            ("Manual.pdf", b"MZ\x90\0 a program".as_slice()),
            ("Manual.pdf", b"not a pdf"),
            ("logo.png", b"\xFF\xD8\xFF\xE0 a jpeg"),
            ("foto.jpg", b"\x89PNG\r\n\x1a\n"),
            ("tela.gif", b"GIF8"),
            ("tela.webp", b"RIFF\0\0\0\0WAVE"),
            ("Padrao.set", b"\x7fELF\x02\x01\x01"),
            ("LEIA.txt", b"#!/bin/sh\nrm -rf ~\n"),
            ("LEIA.txt", b"PK\x03\x04 a nested zip"),
            ("Outro.ex5", b"input double Lote = 0.1; // source, not a robot"),
            ("Outro.ex5", b"\x01\x02"),
        ] {
            assert_eq!(
                wrong(name, data),
                format!("O arquivo .zip contém um arquivo cujo conteúdo não corresponde ao tipo: {name}"),
                "{name}"
            );
        }
    }

    #[test]
    fn bombs_are_stopped_before_they_go_off() {
        let ratio = zip(&[robot(), Entry::file("dados.txt", &vec![0u8; 2 * 1024 * 1024])]);
        assert!(refusal(&ratio).contains("bomba"), "2 MB of zeros");
        // A lie about the size is caught while inflating, at the declared size.
        let liar = Entry { declared_size: Some(60_000), ..Entry::file("dados.txt", &vec![b'x'; 5 * 1024 * 1024]) };
        let started = std::time::Instant::now();
        assert!(refusal(&zip(&[robot(), liar])).contains("bomba"));
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let short = Entry { declared_size: Some(5000), ..Entry::file("dados.txt", &[b'x'; 4000]) };
        assert_eq!(refusal(&zip(&[robot(), short])), "O arquivo .zip está corrompido: dados.txt");
        // The total of declared sizes, before anything is inflated.
        let halves: Vec<Entry> = (0..2)
            .map(|i| Entry { declared_size: Some(30 * 1024 * 1024), ..Entry::file(&format!("{i}.txt"), b"x") })
            .collect();
        assert_eq!(
            refusal(&zip(&[&[robot()], halves.as_slice()].concat())),
            "O conteúdo do arquivo .zip passa de 50MB descompactado"
        );
    }

    #[test]
    fn entries_are_limited_to_fifty() {
        let mut entries: Vec<Entry> = (0..49).map(|i| Entry::stored(&format!("{i}.txt"), b"x")).collect();
        entries.push(robot());
        assert_eq!(check(&zip(&entries)), Ok(()), "50 is the limit");
        entries.push(Entry::stored("50.txt", b"x"));
        assert_eq!(refusal(&zip(&entries)), "O arquivo .zip contém arquivos demais (máximo 50)");
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        let mut crc = Crc32::new();
        crc.update(b"123456789");
        assert_eq!(crc.finish(), 0xCBF4_3926);
    }
}
