//! Backtests on the fleet (issue 26 part 2, decision 0016), through the
//! api with the agents' protocol played by the test: a tester agent gets a
//! backtest only when no compile waits, the server reads the terminal's real
//! report into numbers and a curve, tester minutes are charged from the lease
//! and refused past the quota, the owner cancels a run (its agent loses the
//! lease), a lost lease goes to another agent, and the numbers reach the
//! sales page (when chosen) and the client's card. Another tenant sees none.

use base64::Engine;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::compile_fleet::{agent_post, queue_job, register};
use crate::support::{fake_ex5, json as read_json, Caller, Part, TenantFixture, TestApp};

const REPORT: &[u8] = include_bytes!("../../../shared/tests/fixtures/backtest/ReportTester-EURUSD-H1.htm");

/// A claim as an agent with (or without) the tester capability.
async fn claim_as(app: &TestApp, token: &str, tester: bool) -> Option<Value> {
    let capabilities: Vec<&str> = if tester { vec!["tester"] } else { vec![] };
    let body = json!({"agentVersion": "test", "waitSeconds": 0, "capabilities": capabilities});
    let response = agent_post(app, token, "/api/agents/claim", body).await;
    match response.status() {
        StatusCode::OK => Some(response.json().await.unwrap()),
        StatusCode::NO_CONTENT => None,
        other => panic!("claim answered {other}"),
    }
}

async fn upload_version(owner: &Caller, robot: Uuid, number: &str, name: &str, bytes: &[u8]) -> Uuid {
    let upload = owner
        .send_multipart(
            Method::POST,
            &format!("/api/tenant/robots/{robot}/versions/upload"),
            &[Part::File { field: "file", name, bytes }, Part::Text { field: "version", value: number }],
        )
        .await;
    assert_eq!(upload.status(), StatusCode::CREATED);
    upload.json::<Value>().await.unwrap()["id"].as_str().unwrap().parse().unwrap()
}

struct Setup {
    app: TestApp,
    acme: TenantFixture,
    owner: Caller,
    robot: Uuid,
    version: Uuid,
    token: String,
}

async fn setup() -> Setup {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Testado").await;
    let version = upload_version(&owner, robot, "1.0.0", "testado.ex5", &fake_ex5(7)).await;
    let (_, token) = register(&app, "testador").await;
    Setup { app, acme, owner, robot, version, token }
}

impl Setup {
    fn runs_path(&self) -> String {
        format!("/api/tenant/robots/{}/versions/{}/backtests", self.robot, self.version)
    }

    async fn start(&self, body: Value) -> (StatusCode, Value) {
        read_json(self.owner.post(&self.runs_path(), body).await).await
    }

    async fn runs(&self) -> Value {
        let (status, body) = read_json(self.owner.get(&self.runs_path()).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    async fn count_runs(&self) -> i64 {
        let mut tx = db::begin(&self.app.db.app_pool, Scope::worker_for(self.acme.id)).await.unwrap();
        let n = sqlx::query_scalar("SELECT count(*) FROM backtests").fetch_one(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        n
    }

    async fn result(&self, id: &str, body: Value) -> StatusCode {
        agent_post(&self.app, &self.token, &format!("/api/agents/backtests/{id}/result"), body).await.status()
    }
}

fn report_body() -> Value {
    json!({"reportBase64": base64::engine::general_purpose::STANDARD.encode(REPORT)})
}

#[tokio::test]
async fn an_owner_asks_for_a_backtest_a_tester_agent_runs_it_and_the_report_becomes_numbers_and_a_curve() {
    let s = setup().await;
    let (status, queued) = s.start(json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{queued}");
    assert_eq!(queued["status"], "queued");
    assert_eq!(queued["profile"]["symbol"], "EURUSD", "the platform's default profile");
    // Asking again while it waits finds the same run.
    let (again, same) = s.start(json!({})).await;
    assert_eq!((again, &same["id"]), (StatusCode::OK, &queued["id"]));

    // An agent without a terminal never gets it; a tester agent does, with the file.
    assert!(claim_as(&s.app, &s.token, false).await.is_none());
    let leased = claim_as(&s.app, &s.token, true).await.expect("the backtest");
    assert_eq!(leased["kind"], "backtest");
    assert_eq!(leased["backtestId"], queued["id"]);
    let ex5 = base64::engine::general_purpose::STANDARD.decode(leased["ex5Base64"].as_str().unwrap()).unwrap();
    assert_eq!(ex5, fake_ex5(7), "the version's own file");
    let beat =
        agent_post(&s.app, &s.token, "/api/agents/heartbeat", json!({"state": "testing", "jobId": queued["id"]})).await;
    assert!(beat.json::<Value>().await.unwrap()["leaseExpiresAt"].is_string(), "the heartbeat renews the lease");

    let id = queued["id"].as_str().unwrap();
    assert_eq!(s.result(id, report_body()).await, StatusCode::NO_CONTENT);
    let runs = s.runs().await;
    let run = &runs["items"][0];
    assert_eq!(run["status"], "completed", "{run}");
    assert!(run["numbers"]["totalTrades"].as_u64().unwrap() > 0, "{run}");
    assert!(run["numbers"]["netProfit"].is_number() && run["numbers"]["profitFactor"].is_number());
    assert!(run["numbers"]["maxDrawdownPercent"].is_number() && run["numbers"]["winRatePercent"].is_number());
    assert!(run["equityCurve"].as_array().unwrap().len() > 2, "{run}");
    assert!(run["recommended"].is_boolean());
    assert_eq!(runs["tester"]["quotaMinutes"], 600);
    // The versions list carries it too; a second result of the same run is refused.
    let (_, versions) = read_json(s.owner.get(&format!("/api/tenant/robots/{}/versions", s.robot)).await).await;
    assert_eq!(versions["versions"][0]["latestBacktest"]["id"], queued["id"]);
    assert_eq!(s.result(id, report_body()).await, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_report_that_is_missing_or_unreadable_fails_the_run_with_its_reason() {
    let s = setup().await;
    let (_, first) = s.start(json!({})).await;
    claim_as(&s.app, &s.token, true).await.unwrap();
    let id = first["id"].as_str().unwrap();
    assert_eq!(s.result(id, json!({"error": "o robô não carregou"})).await, StatusCode::NO_CONTENT);
    let runs = s.runs().await;
    assert_eq!(runs["items"][0]["status"], "failed");
    assert!(runs["items"][0]["errorMessage"].as_str().unwrap().contains("o robô não carregou"));

    let (_, second) = s.start(json!({})).await;
    claim_as(&s.app, &s.token, true).await.unwrap();
    let garbage = base64::engine::general_purpose::STANDARD.encode(b"<html>not a report</html>");
    let status = s.result(second["id"].as_str().unwrap(), json!({"reportBase64": garbage})).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let runs = s.runs().await;
    assert_eq!(runs["items"][0]["status"], "failed");
    assert!(runs["items"][0]["errorMessage"].as_str().unwrap().starts_with("O relatório do teste não pôde ser lido"));
    let bad = s.result(second["id"].as_str().unwrap(), json!({"reportBase64": "%%%"})).await;
    assert_eq!(bad, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn backtests_wait_behind_every_compile_job() {
    let s = setup().await;
    let (_, run) = s.start(json!({})).await;
    queue_job(&s.app, s.acme.id, "Import A").await;
    let first = claim_as(&s.app, &s.token, true).await.unwrap();
    assert_eq!(first["robotName"], "Import A", "the compile goes first: {first}");
    assert!(first.get("kind").is_none());
    let second = claim_as(&s.app, &s.token, true).await.unwrap();
    assert_eq!(second["backtestId"], run["id"]);
}

#[tokio::test]
async fn tester_minutes_are_charged_from_the_lease_and_refused_past_the_quota() {
    let s = setup().await;
    let admin = s.app.as_admin().await;
    let set = admin.put_json(&format!("/api/tenants/{}/tester-quota", s.acme.id), json!({"monthlyMinutes": 2})).await;
    assert_eq!(set.status(), StatusCode::OK);
    let bad = admin.put_json(&format!("/api/tenants/{}/tester-quota", s.acme.id), json!({"monthlyMinutes": -1})).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);

    let (_, run) = s.start(json!({})).await;
    claim_as(&s.app, &s.token, true).await.unwrap();
    // The run took three minutes on the agent (its lease began then).
    s.app.sql_in(s.acme.id, "UPDATE backtests SET started_at = now() - interval '3 minutes'").await;
    assert_eq!(s.result(run["id"].as_str().unwrap(), report_body()).await, StatusCode::NO_CONTENT);
    let runs = s.runs().await;
    let seconds = runs["items"][0]["testerSeconds"].as_i64().unwrap();
    assert!((180..190).contains(&seconds), "charged from the lease: {seconds}");
    assert_eq!(runs["tester"]["remainingMinutes"], 0.0);

    let before = s.count_runs().await;
    let (status, refused) = s.start(json!({})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("minutos de teste deste mês acabaram"), "{refused}");
    assert_eq!(s.count_runs().await, before, "nothing queued");

    // A run queued before the quota ran out is not leased past it.
    s.app
        .sql_in(
            s.acme.id,
            &format!(
                "INSERT INTO backtests (id, tenant_id, robot_name, file_key, origin, profile, thresholds)
                 SELECT gen_random_uuid(), tenant_id, robot_name, file_key || '-outro', 'owner', profile, thresholds
                   FROM backtests WHERE id = '{}'",
                run["id"].as_str().unwrap()
            ),
        )
        .await;
    assert!(claim_as(&s.app, &s.token, true).await.is_none(), "no minutes left: not leased");
}

#[tokio::test]
async fn the_owner_cancels_a_running_backtest_and_its_agent_loses_the_lease() {
    let s = setup().await;
    let (_, run) = s.start(json!({})).await;
    let id = run["id"].as_str().unwrap();
    claim_as(&s.app, &s.token, true).await.unwrap();
    let (status, cancelled) =
        read_json(s.owner.post(&format!("/api/tenant/backtests/{id}/cancel"), json!({})).await).await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    assert_eq!(cancelled["status"], "cancelled");
    let beat = agent_post(&s.app, &s.token, "/api/agents/heartbeat", json!({"state": "testing", "jobId": id})).await;
    assert!(beat.json::<Value>().await.unwrap()["leaseExpiresAt"].is_null(), "the agent is told to stop");
    assert_eq!(s.result(id, report_body()).await, StatusCode::CONFLICT, "a cancelled run takes no result");
    let (again, body) = read_json(s.owner.post(&format!("/api/tenant/backtests/{id}/cancel"), json!({})).await).await;
    assert_eq!(again, StatusCode::CONFLICT);
    assert_eq!(body["message"], "Este teste já terminou: não há o que cancelar.");
    // A waiting one is cancelled before any agent sees it.
    let (_, waiting) = s.start(json!({})).await;
    let path = format!("/api/tenant/backtests/{}/cancel", waiting["id"].as_str().unwrap());
    assert_eq!(s.owner.post(&path, json!({})).await.status(), StatusCode::OK);
    assert!(claim_as(&s.app, &s.token, true).await.is_none());
}

#[tokio::test]
async fn a_lost_lease_goes_to_another_agent_and_the_first_ones_result_is_refused() {
    let s = setup().await;
    let (_, run) = s.start(json!({})).await;
    let id = run["id"].as_str().unwrap();
    claim_as(&s.app, &s.token, true).await.unwrap();
    s.app.sql_in(s.acme.id, "UPDATE backtests SET lease_expires_at = now() - interval '1 second'").await;
    let (_, other) = register(&s.app, "outro-testador").await;
    let taken = claim_as(&s.app, &other, true).await.expect("the run whose lease ran out");
    assert_eq!(taken["backtestId"], run["id"]);
    assert_eq!(s.result(id, report_body()).await, StatusCode::CONFLICT, "no longer the first agent's");
    let done = agent_post(&s.app, &other, &format!("/api/agents/backtests/{id}/result"), report_body()).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn bad_profiles_and_zip_versions_are_refused_in_portuguese_and_queue_nothing() {
    let s = setup().await;
    let profile = json!({"symbol": "EUR USD", "timeframe": "H7", "from": "2024-02-30", "to": "2024-01-01",
                         "deposit": 0, "currency": "dolar", "leverage": 5000, "model": "qualquer"});
    let (status, body) = s.start(json!({"profile": profile, "thresholds": {"maxDrawdownPercent": 150}})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let fields = body["fields"].as_object().expect("field errors");
    for field in ["symbol", "timeframe", "from", "deposit", "currency", "leverage", "model"] {
        assert!(fields.contains_key(field), "{field}: {body}");
    }
    assert_eq!(s.count_runs().await, 0);

    let zip = shared::domain::robot_zip::writer::valid_package();
    let zipped = upload_version(&s.owner, s.robot, "2.0.0", "robo.zip", &zip).await;
    let path = format!("/api/tenant/robots/{}/versions/{zipped}/backtests", s.robot);
    let (status, body) = read_json(s.owner.post(&path, json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("Só versões em .ex5"), "{body}");

    let good = json!({"symbol": "XAUUSD.m", "timeframe": "m15", "from": "2024-01-01", "to": "2024-06-30",
                      "deposit": 5000, "currency": "usd", "leverage": 500, "model": "real_ticks"});
    let (status, run) =
        s.start(json!({"profile": good, "thresholds": {"maxDrawdownPercent": 20, "minProfitFactor": 1.5}})).await;
    assert_eq!(status, StatusCode::CREATED, "{run}");
    assert_eq!(run["profile"]["timeframe"], "M15", "normalised");
    assert_eq!(run["profile"]["currency"], "USD");
    assert_eq!(run["thresholds"]["maxDrawdownPercent"], 20.0);
}

#[tokio::test]
async fn a_completed_run_reaches_the_sales_page_only_when_chosen_and_the_clients_card() {
    let s = setup().await;
    let (_, run) = s.start(json!({})).await;
    let id = run["id"].as_str().unwrap();
    // Not finished yet: it cannot be shown.
    let early = s.owner.patch_json(&format!("/api/tenant/backtests/{id}"), json!({"onSalesPage": true})).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    claim_as(&s.app, &s.token, true).await.unwrap();
    assert_eq!(s.result(id, report_body()).await, StatusCode::NO_CONTENT);

    // Only a published page is public (issue 35's storefront).
    let publish =
        s.owner.patch_json(&format!("/api/tenant/robots/{}/sales-page", s.robot), json!({"published": true})).await;
    assert_eq!(publish.status(), StatusCode::OK);
    let page = || async {
        let url = s.app.url(&format!("/api/public/robots/{}/sales-page?tenant={}", s.robot, s.acme.url));
        s.app.browser().get(url).send().await.unwrap().text().await.unwrap()
    };
    assert!(!page().await.contains("Backtest no Strategy Tester"), "not chosen: not shown");
    let shown = s.owner.patch_json(&format!("/api/tenant/backtests/{id}"), json!({"onSalesPage": true})).await;
    assert_eq!(shown.status(), StatusCode::OK);
    let html = page().await;
    assert!(html.contains("Backtest no Strategy Tester") && html.contains("<polyline"), "{html}");
    assert!(html.contains("Lucro líquido") && html.contains("Fator de lucro"));

    // The client with a license of the robot sees the numbers on the card.
    s.app.rows_of(&s.acme, s.robot).await;
    let client = s.app.client_of(&s.acme).await;
    let (_, licenses) = read_json(client.get("/api/client/licenses").await).await;
    let card = licenses["licenses"].as_array().unwrap().iter().find(|l| l["robotId"] == json!(s.robot)).unwrap();
    assert!(card["backtest"]["numbers"]["totalTrades"].as_u64().unwrap() > 0, "{card}");
    assert!(card["backtest"]["equityCurve"].as_array().unwrap().len() > 2);
}

#[tokio::test]
async fn another_tenant_sees_and_touches_none_of_it_and_the_database_refuses_too() {
    let s = setup().await;
    let (_, run) = s.start(json!({})).await;
    let id = run["id"].as_str().unwrap();
    let beta = s.app.tenant("beta").await;
    let other = s.app.owner_of(&beta).await;
    for response in [
        other.get(&s.runs_path()).await,
        other.post(&s.runs_path(), json!({})).await,
        other.post(&format!("/api/tenant/backtests/{id}/cancel"), json!({})).await,
        other.patch_json(&format!("/api/tenant/backtests/{id}"), json!({"onSalesPage": true})).await,
    ] {
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body = response.text().await.unwrap();
        assert!(!body.contains(id) && !body.contains(&s.robot.to_string()), "{body}");
    }
    assert_eq!(s.count_runs().await, 1, "B queued nothing in A");
    // B's own scope cannot read or change A's rows (forced RLS).
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(beta.id)).await.unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM backtests").fetch_one(&mut *tx).await.unwrap();
    let changed = sqlx::query("UPDATE backtests SET on_sales_page = true").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!((seen, changed.rows_affected()), (0, 0));
}
