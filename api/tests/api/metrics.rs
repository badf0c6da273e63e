//! `GET /metrics`: Prometheus text that a real parser reads, protected by a
//! token (or, without one, local and unforwarded requests only), and moving
//! when a license check, a webhook and a compile job happen.

use base64::Engine;
use prometheus_parse::{Scrape, Value as Sample};
use reqwest::StatusCode;
use serde_json::json;

use crate::compile_fleet::{agent_post, claim, register};
use crate::support::{fake_ex5, TestApp};

const TOKEN: &str = "metrics-token-de-teste";
const HOTTOK: &str = "hottok-metricas-123";
const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

async fn scrape(app: &TestApp) -> Scrape {
    let response = app.browser().get(app.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    let text = response.text().await.unwrap();
    Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).expect("valid Prometheus text")
}

/// The sum of a metric's counter or gauge samples whose labels include `labels`.
fn total(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match s.value {
            Sample::Counter(v) | Sample::Gauge(v) | Sample::Untyped(v) => v,
            _ => 0.0,
        })
        .sum()
}

/// The count of a histogram's observations with these labels.
fn observations(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .filter_map(|s| match &s.value {
            Sample::Histogram(buckets) => buckets.iter().map(|b| b.count).reduce(f64::max),
            _ => None,
        })
        .sum()
}

#[tokio::test]
async fn metrics_parse_and_move_with_license_checks_webhooks_and_compile_jobs() {
    let app = TestApp::spawn_with(|c| c.metrics_token = Some(TOKEN.into())).await;
    let acme = app.tenant_with_hottok("acme", HOTTOK).await;
    let robot = app.robot(&acme, "Robô Métrico").await;
    let (_, agent) = register(&app, "metrico").await;
    let before = scrape(&app).await;

    // A license check (malformed: still answered and counted), a webhook, a compile job.
    let check = app.browser().post(app.url("/api/webhooks/validate-license")).body("{}").send().await.unwrap();
    assert_eq!(check.status(), StatusCode::OK);
    assert_eq!(app.post_hotmart(robot, HOTTOK, "purchase_approved").await.status(), StatusCode::OK);
    let owner = app.owner_of(&acme).await;
    let created = owner
        .post("/api/tenant/compilation-jobs", json!({"robotName": "Métrico", "sourceCode": EA, "fileName": "m.mq5"}))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let job: serde_json::Value = created.json().await.unwrap();
    let pending = scrape(&app).await;
    assert_eq!(
        total(&pending, "roboforge_compile_jobs", &[("state", "pending")])
            - total(&before, "roboforge_compile_jobs", &[("state", "pending")]),
        1.0
    );
    claim(&app, &agent, 0).await.expect("the job");
    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(3));
    let result = json!({"success": true, "log": "Result: 0 errors", "diagnostics": [], "ex5Base64": ex5});
    let done =
        agent_post(&app, &agent, &format!("/api/agents/jobs/{}/result", job["id"].as_str().unwrap()), result).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);

    let after = scrape(&app).await;
    let moved = |metric: &str, labels: &[(&str, &str)]| total(&after, metric, labels) - total(&before, metric, labels);
    assert_eq!(moved("roboforge_license_checks_total", &[("result", "INVALID_REQUEST")]), 1.0);
    assert_eq!(moved("roboforge_webhook_events_total", &[("outcome", "accepted")]), 1.0);
    assert_eq!(moved("roboforge_compile_results_total", &[("outcome", "completed")]), 1.0);
    assert_eq!(moved("roboforge_compile_jobs", &[("state", "completed")]), 1.0);
    assert_eq!(total(&after, "roboforge_compile_jobs", &[("state", "pending")]), 0.0);
    assert!(
        total(&after, "roboforge_compile_agents_connected", &[]) >= 1.0,
        "the agent that just reported is connected"
    );
    assert!(
        moved("roboforge_http_requests_total", &[("route", "/api/webhooks/validate-license"), ("status", "200")])
            >= 1.0,
        "requests are counted by route template"
    );
    let hotmart_route = "/api/webhooks/hotmart/robot/:robotId";
    assert!(observations(&after, "roboforge_http_request_duration_seconds", &[("route", hotmart_route)]) >= 1.0);
    assert!(
        after.samples.iter().all(|s| !s.labels.values().any(|v| v.contains(&robot.to_string()))),
        "no id ever becomes a label (one series per robot would not scale)"
    );
    assert!(after.docs.contains_key("roboforge_queue_depth") && after.docs.contains_key("roboforge_sse_streams_open"));
    // An invented method is counted as OTHER, never as a series of its own.
    let invented = reqwest::Method::from_bytes(b"XINVENTED").unwrap();
    app.browser().request(invented, app.url("/api/health")).send().await.unwrap();
    let later = scrape(&app).await;
    assert!(total(&later, "roboforge_http_requests_total", &[("method", "OTHER")]) >= 1.0);
    assert!(
        later.samples.iter().all(|s| !s.labels.values().any(|v| v == "XINVENTED")),
        "no series per invented method"
    );
    assert!(after.docs.contains_key("roboforge_license_check_log_rows"));
    assert_eq!(total(&after, "roboforge_license_check_log_rows", &[("outcome", "lost")]), 0.0, "nothing lost");
}

#[tokio::test]
async fn metrics_need_the_token_or_an_unforwarded_local_request() {
    let guarded = TestApp::spawn_with(|c| c.metrics_token = Some(TOKEN.into())).await;
    let metrics = guarded.url("/metrics");
    assert_eq!(guarded.browser().get(&metrics).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    let wrong = guarded.browser().get(&metrics).bearer_auth("outro").send().await.unwrap();
    assert_eq!(wrong.status(), StatusCode::NOT_FOUND);

    let open = TestApp::spawn().await;
    let local = open.browser().get(open.url("/metrics")).send().await.unwrap();
    assert_eq!(local.status(), StatusCode::OK, "no token configured: this machine may read them");
    let forwarded =
        open.browser().get(open.url("/metrics")).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_eq!(forwarded.status(), StatusCode::NOT_FOUND, "a request through a proxy is not local");
}
