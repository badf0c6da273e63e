//! How every RoboForge process logs: the api, the standalone worker and the
//! compile agent. `LOG_FORMAT=json` writes one JSON object per line (for a
//! log shipper: `timestamp`, `level`, `target`, `message` and the event's own
//! fields at the top level); unset or `text`, the human format. `RUST_LOG`
//! picks what is logged, as before.
//!
//! Built with the `logging` feature only: the compile agent takes it without
//! the database layer.

use std::io::IsTerminal;
use std::process::ExitCode;

use tracing::{Level, Subscriber};
use tracing_subscriber::fmt::writer::MakeWriterExt;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Human,
    Json,
}

impl LogFormat {
    /// `LOG_FORMAT`'s value: unset, empty or `text` is the human format.
    /// Anything else is refused, so a typo never silently drops the JSON a
    /// log shipper expects.
    pub fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(str::trim).unwrap_or("") {
            "" | "text" => Ok(Self::Human),
            "json" => Ok(Self::Json),
            other => Err(format!("LOG_FORMAT={other:?}: use json or text")),
        }
    }

    pub fn from_env() -> Result<Self, String> {
        Self::parse(std::env::var("LOG_FORMAT").ok().as_deref())
    }
}

/// `RUST_LOG`, or `default_directives` when it is unset or unreadable.
pub fn filter_from_env(default_directives: &str) -> EnvFilter {
    EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_directives))
}

/// The subscriber for `format`, writing what `filter` lets through to `writer`.
pub fn subscriber<W>(format: LogFormat, filter: EnvFilter, writer: W) -> Box<dyn Subscriber + Send + Sync>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match format {
        // Colours only for a person at a terminal: journald and log files would keep the escape codes.
        LogFormat::Human => Box::new(builder.with_ansi(std::io::stdout().is_terminal()).finish()),
        LogFormat::Json => Box::new(builder.json().flatten_event(true).with_ansi(false).finish()),
    }
}

/// Installs the process's subscriber (and routes `log` records into it).
/// Fails when one is installed already.
pub fn init<W>(format: LogFormat, default_directives: &str, writer: W) -> Result<(), String>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    subscriber(format, filter_from_env(default_directives), writer).try_init().map_err(|e| e.to_string())
}

/// Warnings and errors to stderr, the rest to stdout: the compile agent's
/// streams since before it logged through `tracing` (a service wrapper may
/// keep them apart).
pub fn warnings_to_stderr() -> impl for<'w> MakeWriter<'w> + Send + Sync + 'static {
    std::io::stderr.with_max_level(Level::WARN).or_else(std::io::stdout)
}

/// The api's and the worker's set-up: `LOG_FORMAT` from the environment
/// (an unknown value is an error), to stdout.
pub fn init_from_env(default_directives: &str) -> Result<(), String> {
    init(LogFormat::from_env()?, default_directives, std::io::stdout)
}

/// The process's exit code for `outcome`; a failure is logged first, so
/// that with `LOG_FORMAT=json` even a failed start is one JSON line.
pub fn exit_code<E: std::fmt::Display>(outcome: Result<(), E>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::*;

    /// Collects what the subscriber writes.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(format: LogFormat) -> String {
        let out = Captured::default();
        let writer = out.clone();
        let subscriber = subscriber(format, EnvFilter::new("info"), move || writer.clone());
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(queue = "email", "job done");
            tracing::warn!("a \"quoted\"\nmulti-line message");
            tracing::debug!("below the default level");
            let span = tracing::info_span!("request", route = "/api/health");
            span.in_scope(|| tracing::error!(status = 500, "failed"));
        });
        let bytes = out.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn json_format_writes_one_object_per_line_with_level_message_and_target() {
        let text = logged(LogFormat::Json);
        let lines: Vec<serde_json::Value> =
            text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
        assert_eq!(lines.len(), 3, "debug is filtered out: {text}");
        for line in &lines {
            for field in ["timestamp", "level", "message", "target"] {
                assert!(line[field].is_string(), "{field} in {line}");
            }
            assert_eq!(line["target"], "shared::infrastructure::logging::tests");
        }
        assert_eq!((lines[0]["level"].as_str(), lines[0]["message"].as_str()), (Some("INFO"), Some("job done")));
        assert_eq!(lines[0]["queue"], "email", "an event's fields sit beside the message");
        assert_eq!(lines[1]["message"], "a \"quoted\"\nmulti-line message");
        assert_eq!(lines[2]["status"], 500);
        assert_eq!(lines[2]["span"]["route"], "/api/health");
    }

    #[test]
    fn the_human_format_stays_the_default() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Human));
        assert_eq!(LogFormat::parse(Some("")), Ok(LogFormat::Human));
        assert_eq!(LogFormat::parse(Some("text")), Ok(LogFormat::Human));
        assert_eq!(LogFormat::parse(Some(" json ")), Ok(LogFormat::Json));
        assert!(LogFormat::parse(Some("JSON-lines")).is_err());
        let text = logged(LogFormat::Human);
        assert!(text.contains("INFO") && text.contains("job done") && !text.trim_start().starts_with('{'), "{text}");
    }
}
