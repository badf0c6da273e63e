//! MetaEditor's cell on Linux (DESIGN 7: any tenant's code is untrusted).
//! Each compile runs inside bubblewrap with no network (a network namespace
//! of its own), no sight of the agent's processes (a pid namespace and a
//! fresh /proc: the agent's environment, token included, is out of reach),
//! the host read-only, and nothing writable but its job folder and its own
//! copy of the Wine prefix. The agent's other jobs (other tenants' sources)
//! and its configuration file are hidden.
//!
//! Windows has no bubblewrap: there the service's unprivileged account is
//! the cell (ansible/roles/compile_agent_windows).
//!
//! Self-contained on purpose: tests/sandbox.rs builds this very file to
//! prove the cell holds.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use tokio::process::Command;

/// How MetaEditor is confined (`COMPILE_SANDBOX`).
#[derive(Debug, Clone, PartialEq)]
pub enum Sandbox {
    /// In bubblewrap, run from this program (`BWRAP_PATH`, else `bwrap` on `PATH`).
    Bubblewrap(PathBuf),
    /// Not at all: a tenant's code reaches whatever the agent reaches. Development only.
    Unconfined,
}

/// What one compile's cell is made of.
pub struct Cell<'a> {
    /// The only host folder the compile writes: the source in, the `.ex5` and the log out.
    pub job_dir: &'a Path,
    /// Every job's folder lives here; all but `job_dir` hold other tenants' sources.
    pub work_root: &'a Path,
    /// The agent's own files (its `--config`, which holds the token).
    pub private_files: &'a [PathBuf],
    /// What the compile runs and reads (the runner, MetaEditor, the MQL5
    /// folder), shown read-only even where the cell hides the host (under
    /// /tmp, say); inside the Wine prefix, the job's copy covers them.
    pub needed: &'a [PathBuf],
    /// The Wine prefix, replaced inside the cell by this job's copy of it.
    pub wine_prefix: Option<&'a Path>,
}

impl Cell<'_> {
    /// Inside the job folder, so it goes when the folder goes. The name
    /// starts with a dot, which no source file name does.
    fn prefix_copy(&self) -> PathBuf {
        self.job_dir.join(".wine-prefix")
    }
}

/// `program` ready to run in the cell; the caller adds its arguments,
/// environment (bubblewrap hands it on unchanged) and stdio.
pub async fn command(sandbox: &Sandbox, cell: &Cell<'_>, program: &OsStr) -> Result<Command, String> {
    let Sandbox::Bubblewrap(bwrap) = sandbox else {
        return Ok(Command::new(program));
    };
    if let Some(prefix) = cell.wine_prefix {
        copy_prefix(prefix, &cell.prefix_copy()).await?;
    }
    let mut command = Command::new(bwrap);
    command.args(bwrap_args(cell)).arg(program);
    Ok(command)
}

/// bubblewrap's arguments for one compile, up to and including the `--`
/// that precedes the program. Later mounts cover earlier ones, so the order
/// matters: the host read-only, then what is hidden, then what is shown
/// again, and the agent's own files hidden last, over anything.
pub fn bwrap_args(cell: &Cell) -> Vec<OsString> {
    let mut args = isolation_args();
    args.extend(scratch_dirs());
    // Tenants' sources of other jobs: an empty folder in their place.
    args.extend(with_paths("--tmpfs", &[cell.work_root]));
    // A bare name is looked up on PATH, which the cell shows anyway.
    for needed in cell.needed.iter().filter(|p| p.is_absolute()) {
        args.extend(with_paths("--ro-bind-try", &[needed.as_path(), needed]));
    }
    args.extend(with_paths("--bind", &[cell.job_dir, cell.job_dir]));
    if let Some(prefix) = cell.wine_prefix {
        args.extend(wine_prefix_args(prefix, &cell.prefix_copy()));
    }
    for private in cell.private_files {
        args.extend(hidden_file(private));
    }
    // The host's X server is out of reach (no network, a /tmp of its own):
    // without DISPLAY the Wine runner starts its own Xvfb inside the cell.
    args.extend(words(["--unsetenv", "DISPLAY"]));
    args.extend(with_paths("--chdir", &[cell.job_dir]));
    args.push("--".into());
    args
}

/// Namespaces and the read-only host: what every cell has, whatever the job.
fn isolation_args() -> Vec<OsString> {
    words([
        // Every namespace: in particular its own network, which holds only
        // a loopback of its own (the host's 127.0.0.1 is not there), and its
        // own pids.
        "--unshare-all",
        "--die-with-parent",
        // No TIOCSTI into a terminal the agent was started from.
        "--new-session",
        // A root agent would otherwise keep its capabilities in the cell and
        // could remount the host writable.
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
    ])
}

/// Fresh, empty folders for scratch space, and the host's sockets out of
/// sight: a read-only mount does not stop a connect() to a Unix socket,
/// and /run holds the system's (D-Bus, the journal).
fn scratch_dirs() -> Vec<OsString> {
    words(["--tmpfs", "/tmp", "--tmpfs", "/var/tmp", "--tmpfs", "/run"])
}

/// The host's /dev/null mounted over the file: bubblewrap mounts it without
/// device access, so opening it fails, and the file's own content is gone.
/// (Over the file, not its folder: that may be /etc, which Wine needs.)
fn hidden_file(file: &Path) -> Vec<OsString> {
    with_paths("--ro-bind", &[Path::new("/dev/null"), file])
}

/// The job's copy mounted where the prefix is, so METAEDITOR_PATH and
/// MQL5_INCLUDE_DIR (inside the prefix) need no rewriting; hidden at its
/// place in the job folder, where a source's `#include "..."` of a job file
/// could otherwise read it.
fn wine_prefix_args(prefix: &Path, copy: &Path) -> Vec<OsString> {
    let mut args = with_paths("--bind", &[copy, prefix]);
    args.extend(with_paths("--tmpfs", &[copy]));
    args.extend(with_paths("--setenv WINEPREFIX", &[prefix]));
    args
}

/// The prefix must be writable: Wine saves registry changes into it, and
/// MetaEditor started `/portable` keeps its settings and logs in its own
/// folder, which is in the prefix (C:\MT5). A shared writable prefix would
/// let one job leave something for the next tenant's compile (a changed
/// header in MQL5\Include ends up in other robots), so each job gets its
/// own copy. bubblewrap 0.8 (Debian 12) has no overlay mounts; `cp
/// --reflink=auto` costs nothing on btrfs or xfs and 0.4 s for Debian 12's
/// 700 MB 64-bit prefix on ext4, and the copy goes with the job folder.
/// `prefix/.`: a prefix that is a symbolic link is copied, not the link
/// (which would mount the shared prefix writable).
async fn copy_prefix(prefix: &Path, copy: &Path) -> Result<(), String> {
    match tokio::fs::remove_dir_all(copy).await {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(format!("prefixo Wine antigo: {e}")),
        _ => {}
    }
    tokio::fs::create_dir_all(copy).await.map_err(|e| format!("cópia do prefixo Wine: {e}"))?;
    let status = Command::new("cp")
        .args(["-a", "--reflink=auto", "--"])
        .arg(prefix.join("."))
        .arg(copy)
        .kill_on_drop(true)
        .status()
        .await
        .map_err(|e| format!("cópia do prefixo Wine: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("não foi possível copiar o prefixo Wine {} ({status})", prefix.display()))
    }
}

/// Refuses what cannot build a cell, before any job is taken: bubblewrap
/// missing, or no user namespaces (a kernel setting, AppArmor on Ubuntu
/// 24.04, a container). The agent never falls back to compiling unconfined.
pub fn check(bwrap: &Path) -> Result<(), String> {
    let mut args = isolation_args();
    args.extend(scratch_dirs());
    args.extend(words(["--", "true"]));
    let output = std::process::Command::new(bwrap).args(args).output();
    match output {
        Ok(done) if done.status.success() => Ok(()),
        Ok(failed) => Err(format!(
            "o bubblewrap ({}) não consegue isolar o MetaEditor: {} (namespaces de usuário desativados? \
             veja compiler-agent/README.md)",
            bwrap.display(),
            String::from_utf8_lossy(&failed.stderr).trim()
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "bubblewrap não encontrado ({}): instale o pacote bubblewrap ou indique BWRAP_PATH",
            bwrap.display()
        )),
        Err(e) => Err(format!("o bubblewrap ({}) não executa: {e}", bwrap.display())),
    }
}

/// An option (one word or more) followed by paths.
fn with_paths(option: &str, paths: &[&Path]) -> Vec<OsString> {
    option.split(' ').map(OsString::from).chain(paths.iter().map(|p| p.as_os_str().to_owned())).collect()
}

fn words<const N: usize>(words: [&str; N]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(args: &[OsString], window: &[&str]) -> usize {
        args.windows(window.len())
            .position(|w| w.iter().zip(window).all(|(a, b)| a == b))
            .unwrap_or_else(|| panic!("{window:?} not in {args:?}"))
    }

    fn cell<'a>(private: &'a [PathBuf], prefix: Option<&'a Path>) -> Cell<'a> {
        Cell {
            job_dir: Path::new("/srv/agent/work/job-1"),
            work_root: Path::new("/srv/agent/work"),
            private_files: private,
            needed: &[],
            wine_prefix: prefix,
        }
    }

    #[test]
    fn the_cell_has_no_network_and_a_read_only_host_with_only_the_job_writable() {
        let args = bwrap_args(&cell(&[], None));
        position(&args, &["--unshare-all"]);
        position(&args, &["--die-with-parent"]);
        position(&args, &["--cap-drop", "ALL"]);
        let host = position(&args, &["--ro-bind", "/", "/"]);
        let others = position(&args, &["--tmpfs", "/srv/agent/work"]);
        let job = position(&args, &["--bind", "/srv/agent/work/job-1", "/srv/agent/work/job-1"]);
        assert!(host < others && others < job, "the job is shown again after its neighbours are hidden: {args:?}");
        assert!(!args.iter().any(|a| a == "--share-net"), "{args:?}");
        assert_eq!(args.iter().filter(|a| *a == "--bind").count(), 1, "nothing else writable: {args:?}");
        position(&args, &["--tmpfs", "/tmp"]);
        position(&args, &["--tmpfs", "/run"]);
        position(&args, &["--chdir", "/srv/agent/work/job-1", "--"]);
        assert_eq!(args.last().unwrap(), "--", "the program comes next");
    }

    #[test]
    fn the_agent_configuration_is_hidden_under_everything_else() {
        let private = [PathBuf::from("/srv/agent/wine/agent.env")];
        let needed = [PathBuf::from("/srv/agent/wine")];
        let args = bwrap_args(&Cell { needed: &needed, ..cell(&private, Some(Path::new("/srv/agent/wine"))) });
        let hidden = position(&args, &["--ro-bind", "/dev/null", "/srv/agent/wine/agent.env"]);
        let last_mount = args.iter().rposition(|a| a.to_str().is_some_and(|a| a.contains("bind") || a == "--tmpfs"));
        assert_eq!(last_mount, Some(hidden), "{args:?}");
    }

    #[test]
    fn what_the_compile_runs_is_shown_again_read_only_but_bare_names_are_left_to_path() {
        let needed = [PathBuf::from("/tmp/runner.sh"), PathBuf::from("metaeditor64.exe")];
        let args = bwrap_args(&Cell { needed: &needed, ..cell(&[], None) });
        let shown = position(&args, &["--ro-bind-try", "/tmp/runner.sh", "/tmp/runner.sh"]);
        assert!(position(&args, &["--tmpfs", "/tmp"]) < shown, "{args:?}");
        assert!(!args.iter().any(|a| a == "metaeditor64.exe"), "{args:?}");
    }

    #[test]
    fn wine_runs_in_the_jobs_own_copy_of_the_prefix() {
        let args = bwrap_args(&cell(&[], Some(Path::new("/srv/agent/wine"))));
        let copy = "/srv/agent/work/job-1/.wine-prefix";
        let mounted = position(&args, &["--bind", copy, "/srv/agent/wine"]);
        assert!(position(&args, &["--bind", "/srv/agent/work/job-1"]) < mounted, "on top of the job folder");
        assert!(mounted < position(&args, &["--tmpfs", copy]), "hidden inside the job folder after it is mounted");
        position(&args, &["--setenv", "WINEPREFIX", "/srv/agent/wine"]);
    }

    #[test]
    fn the_host_display_is_not_handed_on() {
        let args = bwrap_args(&cell(&[], None));
        position(&args, &["--unsetenv", "DISPLAY"]);
    }
}
