//! Importing an `.mq5` (tenant portal): the license check injected for the
//! robot it names, a job an agent compiles, the `.ex5` becoming the robot's
//! next version; progress on the owner's stream; the admin's history and
//! source; nobody else's jobs, and never the source for a client.

use std::time::Duration;

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::compile_fleet::{agent_post, claim, register};
use crate::support::{fake_ex5, json as read_json, next_event, open_stream, Caller, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

pub(crate) async fn import(owner: &Caller, name: &str, source: &str, file: &str) -> (StatusCode, Value) {
    read_json(
        owner
            .post("/api/tenant/compilation-jobs", json!({"robotName": name, "sourceCode": source, "fileName": file}))
            .await,
    )
    .await
}

pub(crate) async fn finish(app: &TestApp, token: &str, job: &str, ok: bool) {
    finish_at(app, token, job, ok, 40).await
}

/// Reports the job compiled (`ok`) or failed with an error at `line` of the compiled (injected) source.
async fn finish_at(app: &TestApp, token: &str, job: &str, ok: bool, line: usize) {
    let result = if ok {
        let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(7));
        json!({"success": true, "log": "Result: 0 errors, 0 warnings", "diagnostics": [], "ex5Base64": ex5})
    } else {
        let log = format!("x.mq5({line},7) : error 256: 'lote' - undeclared identifier\nResult: 1 errors");
        json!({"success": false, "log": log,
               "diagnostics": [{"file": "x.mq5", "line": line, "column": 7, "severity": "error", "code": "256",
                                "message": "'lote' - undeclared identifier"}]})
    };
    let answer = agent_post(app, token, &format!("/api/agents/jobs/{job}/result"), result).await;
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn an_imported_mq5_is_injected_compiled_and_becomes_the_robots_next_version() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "wine-import").await;

    let (status, job) = import(&owner, "Robô Importado", EA, "Robo_Importado.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    assert_eq!((job["status"].as_str(), job["compiledFileUrl"].as_str()), (Some("pending"), None));
    let robot = job["robotId"].as_str().unwrap().to_string();
    assert!(job.get("sourceCode").is_none(), "the owner never gets the injected source back");

    // The agent compiles the source with this tenant's and robot's values wired into OnInit.
    let leased = claim(&app, &token, 0).await.expect("the import is queued for the fleet");
    let source = leased["sourceCode"].as_str().unwrap();
    assert!(source.contains(&robot) && source.contains(&acme.id.to_string()), "injected for this robot");
    assert!(source.contains("RF_OnInit()"), "wired into OnInit");
    let (_, polled) =
        read_json(owner.get(&format!("/api/tenant/compilation-jobs/{}", job["id"].as_str().unwrap())).await).await;
    assert_eq!(polled["status"], "processing");

    finish(&app, &token, job["id"].as_str().unwrap(), true).await;
    let (_, done) =
        read_json(owner.get(&format!("/api/tenant/compilation-jobs/{}", job["id"].as_str().unwrap())).await).await;
    assert_eq!(done["status"], "completed");
    assert_eq!(
        (done["robotVersion"]["version"].as_str(), done["robotVersion"]["active"].as_bool()),
        (Some("1.0.0"), Some(true))
    );
    let file = owner.get(done["compiledFileUrl"].as_str().unwrap()).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(file.bytes().await.unwrap().to_vec(), fake_ex5(7), "the compiled file, byte for byte");
    let (_, versions) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    assert_eq!(versions["versions"].as_array().map(Vec::len), Some(1), "{versions}");

    // The same name again: the same robot, the next number, not activated over the owner's choice.
    let (_, second) = import(&owner, "  robô importado ", EA, "v2.mq5").await;
    assert_eq!(second["robotId"].as_str(), Some(robot.as_str()));
    claim(&app, &token, 0).await.expect("second job");
    finish(&app, &token, second["id"].as_str().unwrap(), true).await;
    let (_, done) =
        read_json(owner.get(&format!("/api/tenant/compilation-jobs/{}", second["id"].as_str().unwrap())).await).await;
    assert_eq!(
        (done["robotVersion"]["version"].as_str(), done["robotVersion"]["active"].as_bool()),
        (Some("1.0.1"), Some(false))
    );
}

#[tokio::test]
async fn a_broken_import_fails_with_its_diagnostics_and_no_version() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "wine-broken").await;
    let (_, job) = import(&owner, "Quebrado", EA, "quebrado.mq5").await;
    let leased = claim(&app, &token, 0).await.expect("job");
    // MetaEditor points at the compiled (injected) file; the owner sees the line of their own file.
    let line_of = |text: &str| text.lines().position(|l| l.contains("void OnTick")).unwrap() + 1;
    let (compiled_line, uploaded_line) = (line_of(leased["sourceCode"].as_str().unwrap()), line_of(EA));
    assert!(compiled_line > uploaded_line, "the injection added lines above OnTick");
    finish_at(&app, &token, job["id"].as_str().unwrap(), false, compiled_line).await;
    let (_, failed) =
        read_json(owner.get(&format!("/api/tenant/compilation-jobs/{}", job["id"].as_str().unwrap())).await).await;
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["errorMessage"], "A compilação falhou com 1 erro(s).");
    let diagnostic = &failed["diagnostics"][0];
    assert_eq!(
        (diagnostic["line"].as_u64(), diagnostic["inInjectedCode"].as_bool(), diagnostic["message"].as_str()),
        (Some(uploaded_line as u64), Some(false), Some("'lote' - undeclared identifier"))
    );
    assert!(failed["robotVersion"].is_null() && failed["compiledFileUrl"].is_null());
    let download = owner.get(&format!("/api/tenant/compilation-jobs/{}/download", job["id"].as_str().unwrap())).await;
    assert_eq!(download.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_imports_are_refused_in_portuguese_and_create_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robots_before = robot_count(&app, acme.id).await;

    let (status, body) = import(&owner, "", EA, "a.mq5").await;
    assert_eq!((status, body["fields"]["robotName"].as_str()), (StatusCode::BAD_REQUEST, Some("Campos obrigatórios")));
    let (status, body) = import(&owner, "Robô", "   ", "a.mq5").await;
    assert_eq!((status, body["fields"]["sourceCode"].as_str()), (StatusCode::BAD_REQUEST, Some("Campos obrigatórios")));
    let (status, body) = import(&owner, "Robô", EA, "robo.ex4").await;
    assert_eq!((status, body["fields"]["fileName"].as_str()), (StatusCode::BAD_REQUEST, Some("Arquivo inválido")));
    let (status, body) = import(&owner, "Robô", &"x".repeat(1_000_001), "a.mq5").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Not an Expert Advisor: refused before any robot is created.
    let (status, body) = import(&owner, "Só um script", "void OnStart() { Print(1); }", "script.mq5").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["message"].as_str().unwrap().contains("Expert Advisor"), "{body}");
    let (status, _) = read_json(
        owner
            .http
            .post(owner.base.clone() + "/api/tenant/compilation-jobs")
            .header("x-tenant-secret", acme.secret.as_str())
            .header("content-type", "application/json")
            .body("{\"robotName\": 12")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    assert_eq!(robot_count(&app, acme.id).await, robots_before, "no robot was created");
    assert_eq!(job_count(&app, acme.id).await, 0, "no job was queued");
}

#[tokio::test]
async fn jobs_are_only_their_tenants_and_clients_never_reach_source() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("outra").await;
    let (_, job) = import(&app.owner_of(&acme).await, "Privado", EA, "p.mq5").await;
    let id = job["id"].as_str().unwrap();

    let intruder = app.owner_of(&other).await;
    for path in [format!("/api/tenant/compilation-jobs/{id}"), format!("/api/tenant/compilation-jobs/{id}/download")] {
        let (status, body) = read_json(intruder.get(&path).await).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::NOT_FOUND, Some("Compilação não encontrada")),
            "{path}"
        );
    }
    let client = app.client_of(&acme).await;
    assert_eq!(client.get(&format!("/api/tenant/compilation-jobs/{id}")).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(client.get(&format!("/api/compilation-history/{id}/source")).await.status(), StatusCode::UNAUTHORIZED);

    // The database refuses too: a client's role cannot read compile jobs at all,
    // and another tenant's owner sees none of them.
    let mut tx = db::begin(&app.db.app_pool, Scope::client(acme.id, acme.client_id)).await.unwrap();
    let denied = sqlx::query("SELECT source_code FROM compilation_jobs").fetch_all(&mut *tx).await;
    assert!(denied.unwrap_err().to_string().contains("permission denied"));
    drop(tx);
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(other.id, Uuid::now_v7())).await.unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(seen, 0);
    // An owner's role cannot mark a job compiled either (only agents move jobs on).
    drop(tx);
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(acme.id, Uuid::now_v7())).await.unwrap();
    let forged = sqlx::query("UPDATE compilation_jobs SET status = 'completed'").execute(&mut *tx).await;
    assert!(forged.unwrap_err().to_string().contains("permission denied"));
}

#[tokio::test]
async fn the_owners_stream_carries_the_progress_of_their_jobs_only() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("outra").await;
    let owner = app.owner_of(&acme).await;
    let mut mine = open_stream(&owner, &app.base).await;
    let mut theirs = open_stream(&app.owner_of(&other).await, &app.base).await;
    let (_, job) = import(&owner, "Ao Vivo", EA, "vivo.mq5").await;
    let event = next_event(&mut mine, "compilation", Duration::from_secs(5)).await.expect("a compilation event");
    assert_eq!((event["jobId"].as_str(), event["status"].as_str()), (job["id"].as_str(), Some("pending")));
    assert!(
        next_event(&mut theirs, "compilation", Duration::from_millis(700)).await.is_none(),
        "another tenant hears nothing"
    );
}

#[tokio::test]
async fn the_admin_lists_every_tenants_compilations_and_reads_their_source() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let (_, token) = register(&app, "hist").await;
    let (_, first) = import(&app.owner_of(&acme).await, "Alfa Trend", EA, "a.mq5").await;
    let (_, second) = import(&app.owner_of(&beta).await, "Beta Scalper", EA, "b.mq5").await;
    claim(&app, &token, 0).await.unwrap();
    finish(&app, &token, first["id"].as_str().unwrap(), false).await;
    let admin = app.as_admin().await;

    let (_, all) = read_json(admin.get("/api/compilation-history").await).await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["items"][0]["robotName"], "Beta Scalper", "newest first");
    assert_eq!(
        (all["items"][1]["status"].as_str(), all["items"][1]["source"].as_str()),
        (Some("failed"), Some("import"))
    );
    assert_eq!(all["items"][1]["hasSourceCode"], true);
    let (_, by_tenant) = read_json(admin.get("/api/compilation-history?q=LOJA%20BETA").await).await;
    assert_eq!(
        (by_tenant["total"].as_i64(), by_tenant["items"][0]["robotName"].as_str()),
        (Some(1), Some("Beta Scalper"))
    );
    let (_, by_robot) = read_json(admin.get("/api/compilation-history?q=alfa").await).await;
    assert_eq!((by_robot["total"].as_i64(), by_robot["items"][0]["tenantName"].as_str()), (Some(1), Some("Loja acme")));
    let (_, failed) = read_json(admin.get("/api/compilation-history?status=failed&source=import").await).await;
    assert_eq!(failed["items"][0]["id"], first["id"]);
    let (_, none) = read_json(admin.get("/api/compilation-history?source=ai-factory").await).await;
    assert_eq!(none["total"], 0);
    let (status, body) = read_json(admin.get("/api/compilation-history?status=done").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let id = second["id"].as_str().unwrap();
    let (_, source) = read_json(admin.get(&format!("/api/compilation-history/{id}/source?source=import")).await).await;
    assert!(source["sourceCode"].as_str().unwrap().contains("RF_OnInit"));
    // A job stored without source says so.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE compilation_jobs SET source_code = NULL WHERE id = $1")
        .bind(Uuid::parse_str(id).unwrap())
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (status, body) = read_json(admin.get(&format!("/api/compilation-history/{id}/source")).await).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Esta compilação não possui código-fonte armazenado"))
    );

    let owner = app.owner_of(&acme).await;
    assert_eq!(owner.get("/api/compilation-history").await.status(), StatusCode::UNAUTHORIZED);
}

async fn robot_count(app: &TestApp, tenant: Uuid) -> i64 {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar("SELECT count(*) FROM tenant_robots").fetch_one(&mut *tx).await.unwrap()
}

async fn job_count(app: &TestApp, tenant: Uuid) -> i64 {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap()
}

#[tokio::test]
async fn every_escaping_directive_is_refused_at_its_line_and_nothing_is_queued() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    for (directive, reason) in [
        ("#include \"..\\..\\..\\segredos.mqh\"", "caminhos com .. não são aceitos"),
        ("#include <C:\\Windows\\win.ini>", "letras de unidade (C:, Z:) não são aceitas"),
        ("#include \"Z:\\etc\\shadow\"", "letras de unidade (C:, Z:) não são aceitas"),
        ("#include \"\\\\servidor\\c$\\x.mqh\"", "caminhos de rede (UNC) não são aceitos"),
        ("#resource \"/etc/passwd\"", "caminhos absolutos não são aceitos"),
        ("#import \"kernel32.dll\"", "autorização do administrador da plataforma"),
    ] {
        let source =
            format!("#property strict\n{directive}\nint OnInit() {{ return(INIT_SUCCEEDED); }}\nvoid OnTick() {{}}\n");
        let (status, body) = import(&owner, "Fuga", &source, "Fuga.mq5").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{directive}: {body}");
        let message = body["fields"]["sourceCode"].as_str().unwrap_or_default();
        assert!(message.starts_with("Linha 2: ") && message.contains(reason), "{directive}: {message}");
    }
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let (jobs, robots): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM compilation_jobs), (SELECT count(*) FROM tenant_robots WHERE name = 'Fuga')",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!((jobs, robots), (0, 0), "nothing queued, no robot created");
}

/// Issue 33: directives the old scanner read as part of a literal, a comment
/// or a `#define`, while another plausible reading (MetaEditor's, which we
/// cannot run here) makes them real directives. Each was queued (201).
#[tokio::test]
async fn directives_hidden_from_one_reading_of_the_source_are_refused_at_their_line() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robots_before = robot_count(&app, acme.id).await;
    let mut wrong = Vec::new();
    for (hidden, line, reason) in [
        // A backslash at the end of a line inside a string: continued, or ended at the line break?
        ("string s=\"abc\\\n#resource \"/etc/passwd\"\n\";", 2, "barra invertida"),
        // A block comment opened after code on an earlier line: is the `#` after it a directive?
        ("int x = 1; /*\n*/ #resource \"/etc/passwd\"", 3, "caminhos absolutos"),
        // A `#define` continued onto a line that holds a directive.
        ("#define X \\\n#resource \"/etc/passwd\"", 3, "#define"),
    ] {
        let source =
            format!("#property strict\n{hidden}\nint OnInit() {{ return(INIT_SUCCEEDED); }}\nvoid OnTick() {{}}\n");
        let (status, body) = import(&owner, "Escondido", &source, "Escondido.mq5").await;
        let message = body["fields"]["sourceCode"].as_str().unwrap_or_default();
        if status != StatusCode::BAD_REQUEST
            || !message.starts_with(&format!("Linha {line}: "))
            || !message.contains(reason)
        {
            wrong.push(format!("{hidden:?} -> {status} {body}"));
        }
    }
    assert!(wrong.is_empty(), "not refused at their line:\n{}", wrong.join("\n"));
    assert_eq!(
        (job_count(&app, acme.id).await, robot_count(&app, acme.id).await),
        (0, robots_before),
        "nothing queued"
    );
}

#[tokio::test]
async fn a_tenant_past_its_daily_imports_gets_a_429_and_nothing_is_queued_while_others_still_import() {
    let app = TestApp::spawn_with(|config| config.imports_per_tenant_per_day = 2).await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let owner = app.owner_of(&acme).await;
    // Two at once take the last two places, not three.
    let mut sessions = Vec::new();
    for _ in 0..3 {
        sessions.push(app.owner_of(&acme).await);
    }
    let results = crate::support::join_all(
        sessions
            .into_iter()
            .enumerate()
            .map(|(i, session)| async move { import(&session, &format!("Robô {i}"), EA, "r.mq5").await }),
    )
    .await;
    drop(owner);
    let created = results.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    let refused: Vec<&Value> =
        results.iter().filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS).map(|(_, b)| b).collect();
    assert_eq!((created, refused.len()), (2, 1), "{results:?}");
    assert_eq!(
        refused[0]["message"],
        "Limite de importações atingido: 2 por dia. A fila de compilação é compartilhada; tente de novo mais tarde."
    );
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(jobs, 2);
    drop(tx);
    let (status, _) = import(&app.owner_of(&other).await, "Deles", EA, "d.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "another tenant's limit is its own");
}

#[tokio::test]
async fn a_job_no_agent_claims_tells_its_owner_why_and_keeps_its_place() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, job) = import(&owner, "Esperando", EA, "e.mq5").await;
    let path = format!("/api/tenant/compilation-jobs/{}", job["id"].as_str().unwrap());
    let (_, fresh) = read_json(owner.get(&path).await).await;
    assert_eq!((fresh["status"].as_str(), fresh["waitingReason"].clone()), (Some("pending"), Value::Null));
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    sqlx::query("UPDATE compilation_jobs SET created_at = now() - interval '11 minutes' WHERE id = $1::uuid")
        .bind(job["id"].as_str().unwrap())
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (_, waiting) = read_json(owner.get(&path).await).await;
    assert_eq!(waiting["status"], "pending", "it keeps its place");
    assert_eq!(
        waiting["waitingReason"],
        "Nenhum agente de compilação disponível no momento: o job mantém seu lugar na fila e será compilado assim que um agente se conectar."
    );
    // The next agent still takes it.
    let (_, token) = register(&app, "chegou").await;
    assert!(claim(&app, &token, 0).await.is_some());
    let (_, taken) = read_json(owner.get(&path).await).await;
    assert_eq!((taken["status"].as_str(), taken["waitingReason"].clone()), (Some("processing"), Value::Null));
}
