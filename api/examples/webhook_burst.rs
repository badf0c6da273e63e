//! Load generator for bench/webhook-burst.sh: posts N distinct Hotmart
//! purchases plus N duplicates of them (all at once, shuffled, bounded
//! concurrency) to one robot's webhook URL and reports status counts and
//! intake latency.
//!
//!   cargo run --release --example webhook_burst -- <base url> <robot id> <hottok> [N] [concurrency]

#[path = "common/hotmart_postback.rs"]
mod hotmart_postback;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::Semaphore;

fn purchase(i: usize) -> Value {
    hotmart_postback::purchase_approved(
        &format!("burst-event-{i:06}"),
        &format!("comprador{i}@example.com"),
        &format!("Comprador {i}"),
        &format!("HPBURST{i:08}"),
        i,
    )
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, robot, hottok) = (args[0].clone(), args[1].clone(), args[2].clone());
    let n: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let concurrency: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(64);
    let url = format!("{base}/api/webhooks/hotmart/robot/{robot}");
    let http = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build().unwrap();
    // Every purchase twice, interleaved so duplicates race their originals.
    let mut order: Vec<usize> = (0..n).chain(0..n).collect();
    let mut seed = 0x9e3779b97f4a7c15u64;
    for i in (1..order.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        order.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    let gate = Arc::new(Semaphore::new(concurrency));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(order.len());
    for i in order {
        let (http, url, hottok, gate) = (http.clone(), url.clone(), hottok.clone(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.unwrap();
            let sent = Instant::now();
            let response = http.post(url).header("x-hotmart-hottok", hottok).json(&purchase(i)).send().await;
            let status = response.map(|r| r.status().as_u16()).unwrap_or(0);
            (status, sent.elapsed())
        }));
    }
    let mut latencies: Vec<Duration> = Vec::new();
    let mut statuses = std::collections::BTreeMap::new();
    for task in tasks {
        let (status, latency) = task.await.unwrap();
        *statuses.entry(status).or_insert(0usize) += 1;
        latencies.push(latency);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    println!("requests: {} ({} distinct + {} duplicates), concurrency {concurrency}", latencies.len(), n, n);
    println!("statuses: {statuses:?}");
    println!(
        "intake: {:.0} req/s over {:.2} s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len() as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
        latencies.last().unwrap().as_secs_f64() * 1000.0
    );
}
