//! Where check-log rows wait on local disk while the database cannot take
//! them as fast as robots check: append-only segment files of the rows'
//! binary `COPY` form (`shared::workflows::license_check::log`), each row carrying its
//! id, so a segment loaded twice (a crash between its load and its removal)
//! is still one row per check.
//!
//! A segment is `<instance>-<n>.open` while this process appends to it,
//! holding an exclusive lock on it for as long as the file is open;
//! `<instance>-<n>.rows` once sealed, ready to load. An `.open` file whose lock
//! anyone can take belongs to a process that died: it is sealed by whoever
//! finds it (at start, then every minute), so instances may share the
//! directory. A loader holds the segment's lock while it loads and removes it.
//! Bytes that do not read back as rows (the end of a segment a crash cut
//! short) are kept beside it as `.unreadable` for a person to look at.

use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

use shared::workflows::license_check::log::decode;
use shared::workflows::license_check::CheckRecord;
use uuid::Uuid;

/// Every segment starts with it: a file that does not is left alone.
const MAGIC: &[u8] = b"RFCHECKLOG1\n";
const OPEN: &str = "open";
const READY: &str = "rows";
/// Larger than any row `encode` writes (an e-mail is at most 254 characters).
const MAX_ROW_BYTES: usize = 4096;
/// An empty `.open` file younger than this may be a segment being created.
const EMPTY_ORPHAN_AGE: Duration = Duration::from_secs(60);

pub struct Spill {
    dir: PathBuf,
    /// Names this process's segments.
    instance: Uuid,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    open: Option<OpenSegment>,
    next: u64,
    /// Rows the disk refused (full, unwritable): kept in memory until loaded.
    unfiled: Vec<u8>,
    unfiled_rows: u64,
}

struct OpenSegment {
    path: PathBuf,
    file: File,
    /// Rows not in the file yet; written at 256 KiB and at every flush. Our
    /// own buffer, not a `BufWriter`: rows a failed write leaves here are
    /// moved to memory, never dropped.
    buffer: Vec<u8>,
    buffered_rows: u64,
    rows: u64,
}

const BUFFER_BYTES: usize = 256 * 1024;

impl OpenSegment {
    fn write_buffer(&mut self) -> io::Result<()> {
        if !self.buffer.is_empty() {
            self.file.write_all(&self.buffer)?;
            self.buffer.clear();
            self.buffered_rows = 0;
        }
        Ok(())
    }
}

impl Spill {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir, instance: shared::domain::ids::new_id(), state: Mutex::new(State::default()) }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Appends whole rows. Never loses them: when the disk refuses, they stay
    /// in memory (and a warning says why).
    pub fn append(&self, rows: &[u8], count: u64) {
        let mut state = self.state();
        if state.open.is_none() {
            match self.create(state.next) {
                Ok(open) => state.open = Some(open),
                Err(error) => return self.refused(&mut state, error, rows, count),
            }
            state.next += 1;
        }
        let open = state.open.as_mut().expect("a segment is open");
        open.buffer.extend_from_slice(rows);
        open.buffered_rows += count;
        open.rows += count;
        if open.buffer.len() >= BUFFER_BYTES {
            if let Err(error) = open.write_buffer() {
                self.refused(&mut state, error, &[], 0);
            }
        }
    }

    /// The disk refused: the open segment ends (what it holds is loaded as
    /// any other) and its unwritten rows, with `rows`, stay in memory. Part of
    /// them may have reached the file too: loaded twice, they are one row.
    fn refused(&self, state: &mut State, error: io::Error, rows: &[u8], count: u64) {
        tracing::warn!(%error, dir = %self.dir.display(), "license check log: the spill file refused rows, kept in memory");
        if let Some(mut open) = state.open.take() {
            let moved = std::mem::take(&mut open.buffered_rows);
            state.unfiled.append(&mut open.buffer);
            state.unfiled_rows += moved;
            open.rows -= moved;
            self.seal_segment(open);
        }
        state.unfiled.extend_from_slice(rows);
        state.unfiled_rows += count;
    }

    fn create(&self, n: u64) -> io::Result<OpenSegment> {
        fs::create_dir_all(&self.dir)?;
        let path = self.dir.join(format!("{}-{n:08}.{OPEN}", self.instance));
        let mut file = OpenOptions::new().write(true).create_new(true).open(&path)?;
        // Locked before its first byte: a non-empty `.open` file nobody holds is an orphan.
        file.lock()?;
        file.write_all(MAGIC)?;
        Ok(OpenSegment { path, file, buffer: Vec::with_capacity(BUFFER_BYTES), buffered_rows: 0, rows: 0 })
    }

    /// Writes buffered rows to the file, so a crash loses at most the last
    /// moment's.
    pub fn flush(&self) {
        let mut state = self.state();
        if let Some(open) = &mut state.open {
            if let Err(error) = open.write_buffer() {
                self.refused(&mut state, error, &[], 0);
            }
        }
    }

    /// Rows waiting in the open segment or in memory.
    pub fn waiting(&self) -> u64 {
        let state = self.state();
        state.open.as_ref().map_or(0, |open| open.rows) + state.unfiled_rows
    }

    /// Closes the open segment and makes it ready to load; false when there
    /// was nothing in it.
    pub fn seal(&self) -> bool {
        let mut state = self.state();
        let Some(mut open) = state.open.take() else { return false };
        if let Err(error) = open.write_buffer() {
            state.open = Some(open);
            self.refused(&mut state, error, &[], 0);
            return true;
        }
        self.seal_segment(open)
    }

    fn seal_segment(&self, open: OpenSegment) -> bool {
        if open.rows == 0 {
            let _ = fs::remove_file(&open.path);
            return false;
        }
        // Renamed while still locked: the lock goes with the file, dropped after.
        if let Err(error) = fs::rename(&open.path, open.path.with_extension(READY)) {
            tracing::warn!(%error, path = %open.path.display(), "license check log: cannot seal spill segment");
        }
        true
    }

    /// The rows kept in memory, taken for loading.
    pub fn take_unfiled(&self) -> Option<(Vec<u8>, u64)> {
        let mut state = self.state();
        (state.unfiled_rows > 0).then(|| (std::mem::take(&mut state.unfiled), std::mem::take(&mut state.unfiled_rows)))
    }

    /// Puts back rows taken with [`Self::take_unfiled`] that could not be loaded.
    pub fn return_unfiled(&self, rows: Vec<u8>, count: u64) {
        let mut state = self.state();
        state.unfiled.extend_from_slice(&rows);
        state.unfiled_rows += count;
    }

    /// Seals the segments of processes that died while spilling; true when
    /// it found any.
    pub fn adopt_orphans(&self) -> bool {
        let mut adopted = false;
        for path in self.files(OPEN) {
            let Ok(file) = File::open(&path) else { continue };
            if file.try_lock().is_err() {
                continue; // its process is alive (this one included)
            }
            let Ok(metadata) = file.metadata() else { continue };
            if metadata.len() <= MAGIC.len() as u64 {
                let old = metadata.modified().ok().and_then(|m| SystemTime::now().duration_since(m).ok());
                if old.is_some_and(|age| age > EMPTY_ORPHAN_AGE) {
                    let _ = fs::remove_file(&path);
                }
                continue;
            }
            if fs::rename(&path, path.with_extension(READY)).is_ok() {
                tracing::info!(path = %path.display(), "license check log: adopted the spill segment of a stopped process");
                adopted = true;
            }
        }
        adopted
    }

    /// The next ready segment no one else is loading, locked for this loader.
    pub fn claim(&self) -> Option<Segment> {
        for path in self.files(READY) {
            let Ok(file) = File::open(&path) else { continue };
            if file.try_lock().is_err() {
                continue;
            }
            // Another loader may have removed it between our open and our lock.
            let same = match (file.metadata(), fs::metadata(&path)) {
                (Ok(held), Ok(named)) => held.ino() == named.ino() && held.dev() == named.dev(),
                _ => false,
            };
            if same {
                return Some(Segment { path, file, buffer: Vec::new(), read_header: false, eof: false, pending: None });
            }
        }
        None
    }

    fn files(&self, extension: &str) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(&self.dir) else { return Vec::new() };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|e| e == extension))
            .collect();
        // Instance ids are UUIDv7: oldest first.
        paths.sort();
        paths
    }
}

/// A sealed segment being loaded, read a chunk of whole rows at a time.
pub struct Segment {
    path: PathBuf,
    file: File,
    /// Bytes read past the rows handed out so far.
    buffer: Vec<u8>,
    read_header: bool,
    eof: bool,
    pending: Option<Chunk>,
}

/// Whole rows of a segment, and what they hold.
pub struct Chunk {
    pub rows: Vec<u8>,
    pub records: Vec<(Uuid, CheckRecord)>,
}

impl Segment {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The chunk to load now: the one that failed last time, else the next
    /// (about `max_bytes` of rows); None when the segment is done.
    pub fn next_chunk(&mut self, max_bytes: usize) -> io::Result<Option<Chunk>> {
        match self.pending.take() {
            Some(chunk) => Ok(Some(chunk)),
            None => self.read_chunk(max_bytes),
        }
    }

    /// A chunk that could not be loaded, handed out again next time.
    pub fn retry(&mut self, chunk: Chunk) {
        self.pending = Some(chunk);
    }

    fn read_chunk(&mut self, max_bytes: usize) -> io::Result<Option<Chunk>> {
        while !self.eof && self.buffer.len() < max_bytes {
            let start = self.buffer.len();
            self.buffer.resize(max_bytes, 0);
            let n = self.file.read(&mut self.buffer[start..])?;
            self.buffer.truncate(start + n);
            self.eof = n == 0;
        }
        if !self.read_header {
            if !self.buffer.starts_with(MAGIC) {
                self.set_aside(0, "not a spill segment")?;
                return Ok(None);
            }
            self.buffer.drain(..MAGIC.len());
            self.read_header = true;
        }
        let mut at = 0;
        let mut records = Vec::new();
        while at < self.buffer.len() && at < max_bytes {
            match decode(&self.buffer[at..]) {
                Some((record, used)) => {
                    records.push(record);
                    at += used;
                }
                // The rest of this row is still in the file.
                None if !self.eof && self.buffer.len() - at < MAX_ROW_BYTES => break,
                None => {
                    self.set_aside(at, "unreadable rows")?;
                    break;
                }
            }
        }
        if records.is_empty() {
            return Ok(None);
        }
        let rows = self.buffer.drain(..at).collect();
        Ok(Some(Chunk { rows, records }))
    }

    /// Keeps the bytes from `at` on (the rest of the segment) beside it, and
    /// ends the segment there.
    fn set_aside(&mut self, at: usize, why: &str) -> io::Result<()> {
        let mut rest = self.buffer.split_off(at);
        self.file.read_to_end(&mut rest)?;
        let kept = self.path.with_extension("unreadable");
        fs::write(&kept, &rest)?;
        tracing::error!(path = %kept.display(), bytes = rest.len(), why, "license check log: spill bytes set aside");
        self.eof = true;
        Ok(())
    }

    /// Every row is in the table: the segment goes (its lock with it).
    pub fn finish(self) {
        if let Err(error) = fs::remove_file(&self.path) {
            if error.kind() != ErrorKind::NotFound {
                tracing::warn!(%error, path = %self.path.display(), "license check log: cannot remove loaded segment");
            }
        }
    }
}
