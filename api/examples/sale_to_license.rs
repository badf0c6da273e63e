//! Probe for bench/webhook-burst.sh: how long after Hotmart's postback is
//! answered does the buyer's license check answer valid? Each sample posts
//! one new purchase (its own buyer), then checks the license every 20 ms as
//! a waiting robot would, until it is valid. Prints p50, p99 and max.
//!
//! Samples run one after another, each after `pause` of quiet; with
//! `overlap`, sample i starts at i × pause whatever the others do (under a
//! burst, so that every sale queues behind it).
//!
//!   cargo run --release --example sale_to_license -- <base url> <robot id> <tenant id> <hottok> <label> [samples] [pause ms] [overlap]

#[path = "common/hotmart_postback.rs"]
mod hotmart_postback;

use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn purchase(tag: &str, i: usize) -> Value {
    hotmart_postback::purchase_approved(
        &format!("probe-{tag}-{i:04}"),
        &format!("sonda-{tag}-{i}@example.com"),
        &format!("Sonda {i}"),
        &format!("HPPROBE{tag}{i:04}"),
        i,
    )
}

/// Posts purchase `i` and returns how long after its 200 the check turned valid.
async fn sample(
    http: reqwest::Client,
    base: String,
    robot: String,
    tenant: String,
    hottok: String,
    tag: String,
    i: usize,
) -> Duration {
    let posted = http
        .post(format!("{base}/api/webhooks/hotmart/robot/{robot}"))
        .header("x-hotmart-hottok", &hottok)
        .json(&purchase(&tag, i))
        .send()
        .await
        .expect("postback");
    assert_eq!(posted.status().as_u16(), 200, "postback refused");
    let answered = Instant::now();
    let body = json!({"email": format!("sonda-{tag}-{i}@example.com"), "mtAccount": 51234567 + i as u64,
                      "robotId": robot, "tenantId": tenant, "nonce": format!("probe{i}")});
    loop {
        let answer: Value = http
            .post(format!("{base}/api/webhooks/validate-license"))
            .json(&body)
            .send()
            .await
            .expect("check")
            .json()
            .await
            .expect("answer");
        if answer["code"] == "OK" {
            return answered.elapsed();
        }
        assert!(answered.elapsed() < Duration::from_secs(120), "not valid in 120 s: {answer}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, robot, tenant, hottok) = (args[0].clone(), args[1].clone(), args[2].clone(), args[3].clone());
    let label = args[4].clone();
    let samples: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(50);
    let pause = Duration::from_millis(args.get(6).and_then(|a| a.parse().ok()).unwrap_or(1000));
    let overlap = args.get(7).is_some_and(|a| a == "overlap");
    let tag = format!("{label}{}", std::process::id());
    let http = reqwest::Client::new();
    let mut latencies = Vec::with_capacity(samples);
    let mut running = Vec::new();
    for i in 0..samples {
        tokio::time::sleep(pause).await;
        let sample = sample(http.clone(), base.clone(), robot.clone(), tenant.clone(), hottok.clone(), tag.clone(), i);
        if overlap {
            running.push(tokio::spawn(sample));
        } else {
            latencies.push(sample.await);
        }
    }
    for task in running {
        latencies.push(task.await.unwrap());
    }
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1];
    println!(
        "postback to valid license ({label}, {samples} sales): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        pct(0.50).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
        latencies.last().unwrap().as_secs_f64() * 1000.0
    );
}
