//! The compile sandbox for real: processes started through
//! compiler-agent/src/sandbox.rs (this very file, built in here) cannot
//! reach the network, write outside their job folder, or read the agent's
//! token, other jobs or its processes. Each check runs the same probe on the
//! host too, so a sandbox that stopped holding fails it. bubblewrap comes
//! from scripts/install-deps.sh --test; a machine where it cannot build its
//! namespaces fails these tests, it does not skip them.

#[allow(dead_code)] // the agent's other uses of it
#[path = "../src/sandbox.rs"]
mod sandbox;

use std::path::{Path, PathBuf};
use std::process::Output;

use sandbox::{Cell, Sandbox};

/// An agent's folders on the host, outside /tmp (the cell has a /tmp of its
/// own): what the cell must not see has to be there to be seen.
struct Host {
    root: PathBuf,
    work_root: PathBuf,
    job_dir: PathBuf,
    /// Visible in the cell, read-only.
    elsewhere: PathBuf,
    /// The agent's `--config`, in a visible folder.
    config_file: PathBuf,
    wine_prefix: PathBuf,
}

const TOKEN: &str = "rfa_segredo_do_agente";

impl Host {
    fn new() -> Self {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sandbox-{}", uuid::Uuid::now_v7()));
        let host = Host {
            work_root: root.join("work"),
            job_dir: root.join("work").join("job-1"),
            elsewhere: root.join("elsewhere"),
            config_file: root.join("elsewhere").join("agent.env"),
            wine_prefix: root.join("wine"),
            root,
        };
        for dir in [&host.job_dir, &host.elsewhere, &host.wine_prefix.join("drive_c")] {
            std::fs::create_dir_all(dir).unwrap();
        }
        write(&host.work_root.join("agent-token"), TOKEN);
        write(&host.work_root.join("job-0").join("Outro.mq5"), "// another tenant's robot");
        write(&host.config_file, &format!("AGENT_TOKEN={TOKEN}\n"));
        write(&host.elsewhere.join("readme.txt"), "visible");
        write(&host.wine_prefix.join("system.reg"), "WINE REGISTRY Version 2\n");
        host
    }

    fn cell(&self) -> Cell<'_> {
        Cell {
            job_dir: &self.job_dir,
            work_root: &self.work_root,
            private_files: std::slice::from_ref(&self.config_file),
            needed: &[],
            wine_prefix: None,
        }
    }

    fn wine_cell(&self) -> Cell<'_> {
        Cell { wine_prefix: Some(&self.wine_prefix), ..self.cell() }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn bubblewrap() -> Sandbox {
    let bwrap = PathBuf::from(std::env::var("BWRAP_PATH").unwrap_or_else(|_| "bwrap".into()));
    if let Err(message) = sandbox::check(&bwrap) {
        panic!("{message}: the compile sandbox cannot run here (scripts/install-deps.sh --test installs bubblewrap)");
    }
    Sandbox::Bubblewrap(bwrap)
}

/// `bash -c script` in the cell, with an environment as bare as the agent's.
async fn in_cell(cell: &Cell<'_>, script: &str) -> Output {
    let mut command = sandbox::command(&bubblewrap(), cell, "bash".as_ref()).await.unwrap();
    command.env_clear().env("PATH", std::env::var_os("PATH").unwrap()).args(["-c", script]);
    command.output().await.expect("start bubblewrap")
}

/// The same probe unconfined (`COMPILE_SANDBOX=none`), where it must succeed.
async fn on_host(cell: &Cell<'_>, script: &str) -> Output {
    let mut command = sandbox::command(&Sandbox::Unconfined, cell, "bash".as_ref()).await.unwrap();
    command.args(["-c", script]).output().await.unwrap()
}

fn text(output: &Output) -> String {
    format!(
        "status {}, stdout {:?}, stderr {:?}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[tokio::test]
async fn a_compile_cannot_reach_the_network() {
    let host = Host::new();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let connect = format!("exec 3<>/dev/tcp/127.0.0.1/{}", listener.local_addr().unwrap().port());

    let outside = on_host(&host.cell(), &connect).await;
    assert!(outside.status.success(), "the probe reaches the listener from the host: {}", text(&outside));
    let inside = in_cell(&host.cell(), &connect).await;
    assert!(!inside.status.success(), "the cell reached the host's 127.0.0.1: {}", text(&inside));

    let interfaces = in_cell(&host.cell(), "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '").await;
    assert_eq!(String::from_utf8_lossy(&interfaces.stdout), "lo\n", "only a loopback of its own");
}

#[tokio::test]
async fn a_compile_writes_its_job_folder_and_nothing_else() {
    let host = Host::new();
    let job_file = host.job_dir.join("Robo.ex5");
    let outside_file = host.elsewhere.join("planted.txt");
    let under_tmp = std::env::temp_dir().join(format!("rf-sandbox-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&under_tmp).unwrap();
    let tmp_file = under_tmp.join("planted.txt");
    let write = |path: &Path| format!("echo compiled > '{}'", path.display());

    for target in [&outside_file, &tmp_file] {
        let outside = on_host(&host.cell(), &format!("{} && rm '{}'", write(target), target.display())).await;
        assert!(outside.status.success(), "the host may write {}: {}", target.display(), text(&outside));
    }
    let capabilities = in_cell(&host.cell(), "grep CapEff /proc/self/status").await;
    assert_eq!(
        String::from_utf8_lossy(&capabilities.stdout),
        "CapEff:\t0000000000000000\n",
        "none, even for a root agent: the read-only host cannot be remounted"
    );
    let readable = in_cell(&host.cell(), &format!("cat '{}'", host.elsewhere.join("readme.txt").display())).await;
    assert_eq!(String::from_utf8_lossy(&readable.stdout), "visible", "the host is there, read-only");
    for target in [&outside_file, &tmp_file] {
        let inside = in_cell(&host.cell(), &write(target)).await;
        assert!(!inside.status.success(), "the cell wrote {}: {}", target.display(), text(&inside));
        assert!(!target.exists(), "{} appeared on the host", target.display());
    }
    let _ = std::fs::remove_dir_all(&under_tmp);

    let inside = in_cell(&host.cell(), &write(&job_file)).await;
    assert!(inside.status.success(), "the job folder is writable: {}", text(&inside));
    assert_eq!(std::fs::read_to_string(&job_file).unwrap(), "compiled\n", "and what is written there reaches the host");
}

#[tokio::test]
async fn a_compile_cannot_read_the_agents_token_other_jobs_or_processes() {
    let host = Host::new();
    let token_file = host.work_root.join("agent-token");
    let other_job = host.work_root.join("job-0").join("Outro.mq5");
    let agent_environment = format!("/proc/{}/environ", std::process::id());
    let read = |path: &Path| format!("cat '{}'", path.display());

    for secret in [&token_file, &other_job, &host.config_file, Path::new(&agent_environment)] {
        let outside = on_host(&host.cell(), &read(secret)).await;
        assert!(outside.status.success(), "the host reads {}: {}", secret.display(), text(&outside));
        let inside = in_cell(&host.cell(), &read(secret)).await;
        assert!(!inside.status.success(), "the cell read {}: {}", secret.display(), text(&inside));
        assert!(!String::from_utf8_lossy(&inside.stdout).contains(TOKEN));
    }
    let listing = in_cell(&host.cell(), &format!("ls -A '{}'", host.work_root.display())).await;
    assert_eq!(String::from_utf8_lossy(&listing.stdout), "job-1\n", "only its own job: {}", text(&listing));
}

#[tokio::test]
async fn wine_gets_a_writable_copy_of_its_prefix_and_the_shared_one_stays_as_it_was() {
    let host = Host::new();
    let registry = host.wine_prefix.join("system.reg");
    let script = [
        r#"echo "$WINEPREFIX""#,
        r#"echo changed >> "$WINEPREFIX/system.reg""#,
        r#"tail -n 1 "$WINEPREFIX/system.reg""#,
        r#"mkdir "$WINEPREFIX/drive_c/users""#,
        "ls -A .wine-prefix | wc -l",
    ]
    .join(" && ");

    let inside = in_cell(&host.wine_cell(), &script).await;
    assert!(inside.status.success(), "the prefix is writable in the cell: {}", text(&inside));
    assert_eq!(
        String::from_utf8_lossy(&inside.stdout),
        format!("{}\nchanged\n0\n", host.wine_prefix.display()),
        "WINEPREFIX is the prefix's own path, and the copy is out of sight in the job folder"
    );
    assert_eq!(
        std::fs::read_to_string(&registry).unwrap(),
        "WINE REGISTRY Version 2\n",
        "the shared prefix is untouched"
    );
    assert!(!host.wine_prefix.join("drive_c/users").exists());

    let again = in_cell(&host.wine_cell(), r#"grep -c changed "$WINEPREFIX/system.reg""#).await;
    assert_eq!(String::from_utf8_lossy(&again.stdout), "0\n", "the next compile starts from the shared prefix again");
}
