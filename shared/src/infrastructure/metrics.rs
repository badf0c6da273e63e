//! Process-wide counters and latency histograms through the `metrics`
//! facade, kept by metrics-exporter-prometheus and rendered in the Prometheus
//! text format by the api's `GET /metrics` and the standalone worker's
//! endpoint. One recorder per process (the api and its in-process workers
//! share it), installed by the first use of anything here.
//!
//! Hot paths hold the handles [`counter`] and [`histogram`] return: a lookup
//! per event would hash the labels every time. With handles, a request's
//! counter and histogram cost about 50 ns (the hand-rolled registry this
//! replaced: about 15 ns), well under a thousandth of a license check;
//! bench/license-check.sh showed no difference beyond its noise (issue 25).

use std::fmt::Write;
use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;

use metrics::Label;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

pub use metrics::{Counter, Histogram};

/// Upper bounds (seconds) of the latency buckets: from a cached license
/// check (sub-millisecond) to a slow compile (minutes).
const BUCKETS: [f64; 16] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0];

/// How often histogram samples are folded into their buckets when nobody
/// scrapes (the exporter queues every sample until then).
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// What each metric is, for the `# HELP` / `# TYPE` lines.
pub struct MetricInfo {
    pub name: &'static str,
    pub help: &'static str,
}

pub const HTTP_REQUESTS: MetricInfo =
    MetricInfo { name: "roboforge_http_requests_total", help: "HTTP requests answered, by route, method and status." };
pub const HTTP_DURATION: MetricInfo =
    MetricInfo { name: "roboforge_http_request_duration_seconds", help: "HTTP request latency, by route and method." };
pub const LICENSE_CHECKS: MetricInfo =
    MetricInfo { name: "roboforge_license_checks_total", help: "License checks answered, by result code." };
pub const WEBHOOK_EVENTS: MetricInfo = MetricInfo {
    name: "roboforge_webhook_events_total",
    help: "Sales webhook events, by platform, event type and outcome (accepted, duplicate, refused).",
};
pub const JOBS: MetricInfo =
    MetricInfo { name: "roboforge_jobs_total", help: "Background jobs run, by queue and outcome." };
pub const WORKER_RESTARTS: MetricInfo = MetricInfo {
    name: "roboforge_worker_restarts_total",
    help: "Job workers that ended on their own (database trouble) and were started again, by queue.",
};
pub const JOB_DURATION: MetricInfo =
    MetricInfo { name: "roboforge_job_duration_seconds", help: "Background job run time, by queue." };
pub const COMPILE_RESULTS: MetricInfo = MetricInfo {
    name: "roboforge_compile_results_total",
    help: "Compile job results reported by agents, by outcome (completed, failed).",
};

const COUNTERS: [&MetricInfo; 6] =
    [&HTTP_REQUESTS, &LICENSE_CHECKS, &WEBHOOK_EVENTS, &JOBS, &WORKER_RESTARTS, &COMPILE_RESULTS];
const HISTOGRAMS: [&MetricInfo; 2] = [&HTTP_DURATION, &JOB_DURATION];

fn builder() -> PrometheusBuilder {
    PrometheusBuilder::new().set_buckets(&BUCKETS).expect("latency buckets are set")
}

fn describe() {
    for metric in COUNTERS {
        metrics::describe_counter!(metric.name, metric.help);
    }
    for metric in HISTOGRAMS {
        metrics::describe_histogram!(metric.name, metric.help);
    }
}

/// This process's recorder, installed as the global one on first use.
fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = builder().build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed: /metrics shows none of this process's counters");
        }
        describe();
        let upkeep = handle.clone();
        let _ = std::thread::Builder::new().name("metrics-upkeep".into()).spawn(move || loop {
            std::thread::sleep(UPKEEP_EVERY);
            upkeep.run_upkeep();
        });
        handle
    })
}

fn labels(pairs: &[(&'static str, &str)]) -> Vec<Label> {
    pairs.iter().map(|(name, value)| Label::new(*name, value.to_string())).collect()
}

/// The counter of one series, created on first use.
pub fn counter(metric: &MetricInfo, pairs: &[(&'static str, &str)]) -> Counter {
    recorder();
    metrics::counter!(metric.name, labels(pairs))
}

/// The latency histogram of one series, created on first use.
pub fn histogram(metric: &MetricInfo, pairs: &[(&'static str, &str)]) -> Histogram {
    recorder();
    metrics::histogram!(metric.name, labels(pairs))
}

pub fn inc(metric: &MetricInfo, pairs: &[(&'static str, &str)]) {
    counter(metric, pairs).increment(1);
}

pub fn observe(metric: &MetricInfo, pairs: &[(&'static str, &str)], elapsed: Duration) {
    histogram(metric, pairs).record(elapsed);
}

/// Every series of this process in the text exposition format (version 0.0.4).
pub fn render(out: &mut String) {
    out.push_str(&recorder().render());
}

/// Whether a scrape may read the metrics: the configured token as a bearer,
/// or, with none configured, a request from this machine that no proxy
/// forwarded. Anything else should get a 404 that says nothing.
pub fn scrape_allowed(
    token: Option<&str>,
    authorization: Option<&str>,
    forwarded: bool,
    peer: Option<SocketAddr>,
) -> bool {
    match token {
        Some(token) => authorization
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|sent| crate::infrastructure::secrets::constant_time_eq(sent.trim(), token)),
        None => !forwarded && peer.is_some_and(|p| p.ip().is_loopback()),
    }
}

/// `name="value",…` with values escaped as the text format requires.
fn label_text(labels: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (i, (name, value)) in labels.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(name);
        out.push_str("=\"");
        for c in value.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('"');
    }
    out
}

/// `# HELP` and `# TYPE` lines of one metric.
pub fn header(out: &mut String, name: &str, help: &str, kind: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

/// One gauge sample (gauges are read from the database at scrape time).
pub fn gauge_line(out: &mut String, name: &str, labels: &[(&str, &str)], value: f64) {
    if labels.is_empty() {
        let _ = writeln!(out, "{name} {value}");
    } else {
        let _ = writeln!(out, "{name}{{{}}} {value}", label_text(labels));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_and_labels_escaped() {
        let recorder = builder().build_recorder();
        let handle = recorder.handle();
        metrics::with_local_recorder(&recorder, || {
            describe();
            let route = [("route", "/a\"b")];
            metrics::histogram!(HTTP_DURATION.name, labels(&route)).record(Duration::from_millis(3));
            metrics::histogram!(HTTP_DURATION.name, labels(&route)).record(Duration::from_secs(200));
            metrics::counter!(LICENSE_CHECKS.name, labels(&[("result", "OK")])).increment(1);
        });
        let out = handle.render();
        assert!(out.contains("roboforge_license_checks_total{result=\"OK\"} 1"), "{out}");
        assert!(
            out.contains("roboforge_http_request_duration_seconds_bucket{route=\"/a\\\"b\",le=\"0.005\"} 1"),
            "{out}"
        );
        assert!(
            out.contains("roboforge_http_request_duration_seconds_bucket{route=\"/a\\\"b\",le=\"+Inf\"} 2"),
            "{out}"
        );
        assert!(out.contains("roboforge_http_request_duration_seconds_count{route=\"/a\\\"b\"} 2"), "{out}");
        assert!(out.contains("# TYPE roboforge_http_request_duration_seconds histogram"), "{out}");
        assert!(out.contains("# HELP roboforge_license_checks_total License checks answered"), "{out}");
    }

    #[test]
    fn a_scrape_needs_the_token_or_an_unforwarded_local_peer() {
        let local: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let remote: SocketAddr = "203.0.113.9:5000".parse().unwrap();
        assert!(scrape_allowed(None, None, false, Some(local)));
        assert!(!scrape_allowed(None, None, true, Some(local)), "through a proxy");
        assert!(!scrape_allowed(None, None, false, Some(remote)));
        assert!(scrape_allowed(Some("t0k"), Some("Bearer t0k"), true, Some(remote)));
        assert!(!scrape_allowed(Some("t0k"), Some("Bearer nope"), false, Some(local)), "the token is required then");
        assert!(!scrape_allowed(Some("t0k"), None, false, Some(local)));
    }
}
