//! Process-wide counters and latency histograms, rendered in the Prometheus
//! text format by `GET /metrics`. One registry per process (the api and its
//! in-process workers share it), lock-free on the hot path once a series
//! exists: a read lock to find it, atomics to count.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, RwLock};
use std::time::Duration;

/// Upper bounds (seconds) of the latency buckets: from a cached license
/// check (sub-millisecond) to a slow compile (minutes).
const BUCKETS: [f64; 16] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 120.0];

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
    help: "Hotmart webhook events, by event type and outcome (accepted, duplicate, refused, processed, failed).",
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

/// One latency histogram series; hold the handle (`Registry::histogram`) to skip the lookup.
pub struct Histogram {
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Histogram {
    fn new() -> Self {
        Self {
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        if let Some(i) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            self.buckets[i].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_micros.fetch_add(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }
}

type Series<T> = RwLock<BTreeMap<(&'static str, String), Arc<T>>>;

#[derive(Default)]
pub struct Registry {
    counters: Series<AtomicU64>,
    histograms: Series<Histogram>,
    help: RwLock<BTreeMap<&'static str, &'static str>>,
}

static GLOBAL: LazyLock<Registry> = LazyLock::new(Registry::default);

/// This process's registry.
pub fn global() -> &'static Registry {
    &GLOBAL
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

fn series<T>(map: &Series<T>, name: &'static str, labels: String, make: impl FnOnce() -> T) -> Arc<T> {
    let key = (name, labels);
    if let Some(found) = map.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    map.write().unwrap_or_else(|e| e.into_inner()).entry(key).or_insert_with(|| Arc::new(make())).clone()
}

impl Registry {
    fn describe(&self, metric: &MetricInfo) {
        if !self.help.read().unwrap_or_else(|e| e.into_inner()).contains_key(metric.name) {
            self.help.write().unwrap_or_else(|e| e.into_inner()).insert(metric.name, metric.help);
        }
    }

    pub fn inc(&self, metric: &MetricInfo, labels: &[(&str, &str)]) {
        self.counter(metric, labels).fetch_add(1, Ordering::Relaxed);
    }

    pub fn observe(&self, metric: &MetricInfo, labels: &[(&str, &str)], elapsed: Duration) {
        self.histogram(metric, labels).observe(elapsed);
    }

    /// The counter of one series, created on first use. Hot paths keep the
    /// handle (see `HandleCache`) instead of looking the series up per event.
    pub fn counter(&self, metric: &MetricInfo, labels: &[(&str, &str)]) -> Arc<AtomicU64> {
        self.describe(metric);
        series(&self.counters, metric.name, label_text(labels), || AtomicU64::new(0))
    }

    /// The histogram of one series, created on first use.
    pub fn histogram(&self, metric: &MetricInfo, labels: &[(&str, &str)]) -> Arc<Histogram> {
        self.describe(metric);
        series(&self.histograms, metric.name, label_text(labels), Histogram::new)
    }

    /// Every series in the text exposition format (version 0.0.4).
    pub fn render(&self, out: &mut String) {
        let help = self.help.read().unwrap_or_else(|e| e.into_inner());
        let mut last = "";
        for ((name, labels), value) in self.counters.read().unwrap_or_else(|e| e.into_inner()).iter() {
            if *name != last {
                header(out, name, help.get(name).copied().unwrap_or(""), "counter");
                last = name;
            }
            let _ = writeln!(out, "{name}{} {}", braced(labels), value.load(Ordering::Relaxed));
        }
        for ((name, labels), h) in self.histograms.read().unwrap_or_else(|e| e.into_inner()).iter() {
            if *name != last {
                header(out, name, help.get(name).copied().unwrap_or(""), "histogram");
                last = name;
            }
            let sep = if labels.is_empty() { "" } else { "," };
            let mut cumulative = 0;
            for (bound, bucket) in BUCKETS.iter().zip(&h.buckets) {
                cumulative += bucket.load(Ordering::Relaxed);
                let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {cumulative}");
            }
            let count = h.count.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {count}");
            let sum = h.sum_micros.load(Ordering::Relaxed) as f64 / 1_000_000.0;
            let _ = writeln!(out, "{name}_sum{} {sum}", braced(labels));
            let _ = writeln!(out, "{name}_count{} {count}", braced(labels));
        }
    }
}

fn braced(labels: &str) -> String {
    if labels.is_empty() {
        String::new()
    } else {
        format!("{{{labels}}}")
    }
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
        let registry = Registry::default();
        registry.observe(&HTTP_DURATION, &[("route", "/a\"b")], Duration::from_millis(3));
        registry.observe(&HTTP_DURATION, &[("route", "/a\"b")], Duration::from_secs(200));
        registry.inc(&LICENSE_CHECKS, &[("result", "OK")]);
        let mut out = String::new();
        registry.render(&mut out);
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
    }
}
