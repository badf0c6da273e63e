//! Compiles that stay visible: a robot's queued import is listed on every
//! fresh read with why it waits, from the fleet's real state (no agent, an
//! agent compiling it, a failure), and the admin's health panel shows the
//! fleet, the oldest waiting job, the AI model and the platform mail.

use reqwest::StatusCode;
use serde_json::Value;

use crate::compile_fleet::{claim, register};
use crate::compile_imports::{finish, import};
use crate::support::{json as read_json, Caller, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

async fn compile_jobs(owner: &Caller, robot: &str) -> (StatusCode, Value) {
    read_json(owner.get(&format!("/api/tenant/robots/{robot}/compile-jobs")).await).await
}

#[tokio::test]
async fn compile_visibility_a_queued_import_is_listed_with_why_it_waits_on_every_fresh_read() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let owner = app.owner_of(&acme).await;
    let (status, job) = import(&owner, "Robô Fila", EA, "Robo_Fila.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let (robot, job_id) = (job["robotId"].as_str().unwrap().to_string(), job["id"].as_str().unwrap().to_string());

    // A new session (as after a reload) still finds it, with the real reason: no agent at all.
    let (status, listed) = compile_jobs(&app.owner_of(&acme).await, &robot).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!((listed["inProgress"].as_bool(), listed["agentsOnline"].as_i64()), (Some(true), Some(0)));
    let first = &listed["jobs"][0];
    assert_eq!((first["id"].as_str(), first["status"].as_str()), (Some(job_id.as_str()), Some("pending")));
    assert_eq!(first["statusLabel"], "Na fila");
    assert!(first["waitingReason"].as_str().unwrap().starts_with("Nenhum agente de compilação online"), "{first}");
    assert_eq!(first["originalFileName"], "Robo_Fila.mq5");

    // A registered agent that never called is not online either.
    let (_, token) = register(&app, "agente-visivel").await;
    let (_, listed) = compile_jobs(&owner, &robot).await;
    assert!(listed["jobs"][0]["waitingReason"].as_str().unwrap().starts_with("Nenhum agente"), "{listed}");

    // Once an agent takes it, it says so.
    claim(&app, &token, 0).await.expect("the import is queued");
    let (_, listed) = compile_jobs(&owner, &robot).await;
    assert_eq!(listed["jobs"][0]["status"], "processing");
    assert_eq!(listed["jobs"][0]["waitingReason"], "Um agente está compilando agora.");
    assert_eq!(listed["agentsOnline"], 1);

    // A failure stays listed, with its error, and nothing is pending any more.
    finish(&app, &token, &job_id, false).await;
    let (_, listed) = compile_jobs(&owner, &robot).await;
    assert_eq!((listed["inProgress"].as_bool(), listed["jobs"][0]["status"].as_str()), (Some(false), Some("failed")));
    assert_eq!(listed["jobs"][0]["statusLabel"], "Falhou");
    assert!(listed["jobs"][0]["waitingReason"].is_null());

    // A later compile that succeeds clears the old failure from the list.
    let (_, again) = import(&owner, "Robô Fila", EA, "Robo_Fila.mq5").await;
    claim(&app, &token, 0).await.expect("queued again");
    finish(&app, &token, again["id"].as_str().unwrap(), true).await;
    let (_, listed) = compile_jobs(&owner, &robot).await;
    assert_eq!(listed["jobs"].as_array().unwrap().len(), 0, "{listed}");

    // Nobody else sees the robot's jobs.
    let (status, body) = compile_jobs(&app.owner_of(&beta).await, &robot).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(!body.to_string().contains(&job_id));
    assert_eq!(
        app.client_of(&acme).await.get(&format!("/api/tenant/robots/{robot}/compile-jobs")).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn compile_visibility_jobs_ahead_are_counted_when_agents_are_busy() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "agente-ocupado").await;
    let (_, first) = import(&owner, "Robô Um", EA, "um.mq5").await;
    claim(&app, &token, 0).await.expect("the first is taken");
    let (_, second) = import(&owner, "Robô Dois", EA, "dois.mq5").await;
    let (_, third) = import(&owner, "Robô Dois", EA, "dois.mq5").await;
    let robot = second["robotId"].as_str().unwrap();
    let (_, listed) = compile_jobs(&owner, robot).await;
    let by_id = |id: &Value| listed["jobs"].as_array().unwrap().iter().find(|j| j["id"] == *id).unwrap().clone();
    assert_eq!(by_id(&second["id"])["jobsAhead"], 0);
    assert_eq!(
        by_id(&second["id"])["waitingReason"],
        "Todos os agentes online estão compilando agora; esta compilação é a próxima da fila."
    );
    assert_eq!(by_id(&third["id"])["jobsAhead"], 1);
    assert_eq!(by_id(&third["id"])["waitingReason"], "1 compilação na fila antes desta; 1 agente online.");
    assert!(first["id"].is_string());
}

#[tokio::test]
async fn health_panel_shows_no_agents_online_and_the_oldest_waiting_job() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let admin = app.as_admin().await;

    let (status, health) = read_json(admin.get("/api/admin/health").await).await;
    assert_eq!(status, StatusCode::OK, "{health}");
    assert_eq!((health["agentsOnline"].as_i64(), health["agentsTotal"].as_i64()), (Some(0), Some(0)));
    assert_eq!(
        (health["agents"]["level"].as_str(), health["agents"]["fixPath"].as_str()),
        (Some("critical"), Some("/compile-agents"))
    );
    assert_eq!((health["jobsWaiting"].as_i64(), health["queue"]["level"].as_str()), (Some(0), Some("ok")));
    assert!(health["oldestWaitingJob"].is_null());
    assert_eq!(health["ai"]["fixPath"], "/ai-usage");
    assert_eq!(health["mail"]["fixPath"], "/mail");
    assert_eq!(health["aiModelConfigured"].as_bool(), Some(app.state.config.ai.model().is_some()));

    let owner = app.owner_of(&acme).await;
    let (_, older) = import(&owner, "Robô Antigo", EA, "antigo.mq5").await;
    import(&owner, "Robô Novo", EA, "novo.mq5").await;
    register(&app, "agente-parado").await;
    let (_, health) = read_json(admin.get("/api/admin/health").await).await;
    assert_eq!((health["agentsOnline"].as_i64(), health["agentsTotal"].as_i64()), (Some(0), Some(1)));
    assert_eq!(health["jobsWaiting"], 2);
    let oldest = &health["oldestWaitingJob"];
    assert_eq!((oldest["id"].as_str(), oldest["tenantName"].as_str()), (older["id"].as_str(), Some("Loja acme")));
    assert_eq!(oldest["robotName"], "Robô Antigo");
    assert!(oldest["waitingSeconds"].as_i64().unwrap() >= 0);
    assert_eq!(health["queue"]["level"], "critical", "jobs wait and no agent will take them");

    for caller in [owner, app.client_of(&acme).await, app.anonymous()] {
        assert_eq!(caller.get("/api/admin/health").await.status(), StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn health_panel_counts_tenants_whose_mail_goes_nowhere() {
    let app = TestApp::spawn_with(|config| config.email.resend_api_key = None).await;
    app.tenant("acme").await;
    let (_, health) = read_json(app.as_admin().await.get("/api/admin/health").await).await;
    assert_eq!(health["platformMailConfigured"], false);
    assert_eq!(health["tenantsWithoutSender"], 1);
    assert_eq!(health["mail"]["level"], "critical");

    let app = TestApp::spawn_with(|config| config.email.resend_api_key = Some("re_plataforma".into())).await;
    app.tenant("acme").await;
    let (_, health) = read_json(app.as_admin().await.get("/api/admin/health").await).await;
    assert_eq!(
        (health["platformMailConfigured"].as_bool(), health["tenantsWithoutSender"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(health["mail"]["level"], "ok");
}
