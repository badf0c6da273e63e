//! Load generator for bench/webhook-burst.sh: posts N distinct purchases
//! plus N duplicates of them (all at once, shuffled, bounded concurrency) to
//! one robot's webhook URL on one platform, authenticated as that platform
//! does, and reports status counts and intake latency. Purchase `i` is sale
//! `HPBURST{i:08}` of buyer `comprador{i}@example.com` on every platform.
//!
//!   cargo run --release --example webhook_burst -- <base url> <robot id> <secret> [N] [concurrency] [platform]
//!
//! `secret` is the platform's: Hotmart's hottok, Kiwify's token, Eduzz's
//! secret, or `<token>:<external reference>` for Asaas. `platform` is
//! hotmart (the default), kiwify, eduzz or asaas.

#[path = "common/hotmart_postback.rs"]
mod hotmart_postback;

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::RequestBuilder;
use serde_json::{json, Value};
use shared::domain::sales::adapters::{eduzz, kiwify};
use tokio::sync::Semaphore;

#[derive(Clone, Copy)]
enum Platform {
    Hotmart,
    Kiwify,
    Eduzz,
    Asaas,
}

fn body(platform: Platform, reference: &str, i: usize) -> Value {
    let (event_id, email, name, sale) = (
        format!("burst-event-{i:06}"),
        format!("comprador{i}@example.com"),
        format!("Comprador {i}"),
        format!("HPBURST{i:08}"),
    );
    match platform {
        Platform::Hotmart => hotmart_postback::purchase_approved(&event_id, &email, &name, &sale, i),
        Platform::Kiwify => json!({
            "order_id": sale, "order_status": "paid", "webhook_event_type": "order_approved",
            "payment_method": "pix", "created_at": "2030-01-15 10:30", "approved_date": "2030-01-15 10:31",
            "Product": {"product_id": "c1d2e3f4-1111-4a2b-8c3d-5e6f7a8b9c0d", "product_name": "Scalper Pro MT5"},
            "Customer": {"full_name": name, "email": email},
            "Commissions": {"charge_amount": 29700, "kiwify_fee": 2967, "my_commission": 26733, "currency": "BRL"}
        }),
        Platform::Eduzz => json!({
            "id": event_id, "event": "myeduzz.invoice_paid", "sentDate": "2030-03-10T12:58:45.120Z",
            "data": {
                "id": sale, "status": "paid", "buyer": {"name": name, "email": email},
                "createdAt": "2030-03-10T12:55:02.000Z", "paidAt": "2030-03-10T12:58:41.000Z",
                "price": {"currency": "BRL", "value": 297.0}, "paymentMethod": "pix", "installments": 1,
                "items": [{"productId": "2417765", "name": "Scalper Pro MT5", "price": {"currency": "BRL", "value": 297.0}}]
            }
        }),
        Platform::Asaas => json!({
            "id": format!("evt_{event_id}"), "event": "PAYMENT_CONFIRMED", "dateCreated": "2030-03-10 09:59:14",
            "payment": {
                "object": "payment", "id": sale, "customer": format!("cus_{i:012}"), "value": 297.0, "netValue": 295.01,
                "billingType": "PIX", "status": "CONFIRMED", "dateCreated": "2030-03-10", "dueDate": "2030-03-10",
                "confirmedDate": "2030-03-10", "paymentDate": "2030-03-10", "externalReference": reference
            }
        }),
    }
}

/// The request the platform sends for `body`.
fn request(platform: Platform, secret: &str, http: &reqwest::Client, url: &str, body: Vec<u8>) -> RequestBuilder {
    let signed_url = match platform {
        Platform::Kiwify => format!("{url}?signature={}", kiwify::signature::sign(secret, &body)),
        _ => url.to_string(),
    };
    let request = http.post(signed_url).header("content-type", "application/json");
    let request = match platform {
        Platform::Hotmart => request.header("x-hotmart-hottok", secret),
        Platform::Kiwify => request,
        Platform::Eduzz => request.header("x-signature", eduzz::signature::sign(secret, &body)),
        Platform::Asaas => request.header("asaas-access-token", secret),
    };
    request.body(body)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, robot, secret) = (args[0].clone(), args[1].clone(), args[2].clone());
    let n: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let concurrency: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(64);
    let (platform, name) = match args.get(5).map(String::as_str).unwrap_or("hotmart") {
        "hotmart" => (Platform::Hotmart, "hotmart"),
        "kiwify" => (Platform::Kiwify, "kiwify"),
        "eduzz" => (Platform::Eduzz, "eduzz"),
        "asaas" => (Platform::Asaas, "asaas"),
        other => panic!("unknown platform {other:?}: hotmart, kiwify, eduzz or asaas"),
    };
    let (secret, reference) = match platform {
        Platform::Asaas => {
            let (token, reference) = secret.split_once(':').expect("asaas takes <token>:<external reference>");
            (token.to_string(), reference.to_string())
        }
        _ => (secret, String::new()),
    };
    let url = format!("{base}/api/webhooks/{name}/robot/{robot}");
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
        let (http, url, secret, gate) = (http.clone(), url.clone(), secret.clone(), gate.clone());
        let body = serde_json::to_vec(&body(platform, &reference, i)).unwrap();
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.unwrap();
            let sent = Instant::now();
            let response = request(platform, &secret, &http, &url, body).send().await;
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
    println!(
        "platform: {name}; requests: {} ({} distinct + {} duplicates), concurrency {concurrency}",
        latencies.len(),
        n,
        n
    );
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
