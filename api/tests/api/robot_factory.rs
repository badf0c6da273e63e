//! The AI factory's endpoints (the pipeline itself runs against the real
//! agent in compiler-agent/tests/factory.rs): the quota and the missing
//! model refused before anything is queued, publishing a compiled version
//! to licensed clients, another tenant kept out, and the database refusing
//! owners and clients what the endpoints never offer.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::robot_factory;
use uuid::Uuid;

use crate::support::{fake_ex5, json, TenantFixture, TestApp};

/// A factory that has a model configured (nothing is called: no workers run here).
pub async fn factory_app() -> TestApp {
    TestApp::spawn_with(|config| {
        config.ai.base_url = Some("http://127.0.0.1:9/v1".into());
        config.ai.model = Some("modelo-teste".into());
    })
    .await
}

pub fn strategy(name: &str) -> Value {
    json!({
        "robotName": name,
        "parametrosEntrada": "Média móvel de 20 no H1, lote 0.10",
        "gatilhosAbrir": "Comprar no cruzamento para cima da média",
        "gatilhosFechar": "Fechar no cruzamento para baixo da média",
        "gestaoRisco": "Uma posição por vez, 1% do saldo",
        "takeProfitStopLoss": "SL de 200 pontos e TP de 400 pontos",
        "protecaoCapital": "Parar no dia com perda de 3% do saldo"
    })
}

/// A project of `tenant` (for its robot named `robot_name`) whose first
/// version compiled to a stored `.ex5`: (project, version, generation).
pub async fn compiled_project(app: &TestApp, tenant: &TenantFixture, robot_name: &str) -> (Uuid, Uuid, Uuid) {
    let prompt = worker::factory::example_prompt(robot_name);
    let config = app.state.config.clone();
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    let (robot, _) = api::factory_start::robot_for(&mut tx, &config.secrets, tenant.id, robot_name).await.unwrap();
    let (project, version) =
        api::factory_start::start_project(&mut tx, &config.ai, tenant.id, &prompt, &robot).await.unwrap();
    let key = shared::infrastructure::storage::new_key(tenant.id, "compiled", "ex5");
    app.state.storage.put(&key, fake_ex5(7).into()).await.unwrap();
    let row = robot_factory::find_version(&mut tx, tenant.id, version).await.unwrap().unwrap();
    robot_factory::save_source(&mut tx, &row, "int OnInit() { return(INIT_SUCCEEDED); }", Some("- ok")).await.unwrap();
    robot_factory::mark_compiled(&mut tx, &row, &key).await.unwrap();
    tx.commit().await.unwrap();
    (project, version, row.generation_id.unwrap())
}

async fn generations(app: &TestApp, tenant: Uuid) -> i64 {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar("SELECT count(*) FROM robot_generations").fetch_one(&mut *tx).await.unwrap()
}

async fn queued_steps(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM apalis.jobs WHERE job_type = 'roboforge.factory'")
        .fetch_one(&app.db.worker_pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_owner_starts_a_project_until_the_admin_quota_is_used_up() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let owner = app.owner_of(&a).await;
    let admin = app.as_admin().await;
    let set = admin.patch_json("/api/tenants/x/ai-quota", json!({})).await;
    assert_eq!(set.status(), StatusCode::METHOD_NOT_ALLOWED, "the quota is set with PUT");
    let set = admin
        .http
        .put(app.url(&format!("/api/tenants/{}/ai-quota", a.id)))
        .json(&json!({"monthlyQuota": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);

    let (status, created) = json(owner.post("/api/tenant/robot-projects", strategy("Robô Cota")).await).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let project = &created["project"];
    assert_eq!(project["status"], "in_progress");
    assert_eq!(project["versions"][0]["compilationStatus"], "pending");
    assert_eq!(project["conversationHistory"][0]["role"], "user");
    assert_eq!(queued_steps(&app).await, 1, "the generation is queued with the project");
    let (_, status_body) = json(owner.get("/api/tenant/robot-factory").await).await;
    assert_eq!(
        status_body,
        json!({"configured": true, "model": "modelo-teste", "monthlyQuota": 1, "usedThisMonth": 1, "remainingThisMonth": 0})
    );

    // Over the quota: refused with a clear message, nothing created or queued.
    let (status, refused) = json(owner.post("/api/tenant/robot-projects", strategy("Robô Demais")).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused["message"].as_str().unwrap().contains("Limite mensal de gerações atingido: 1 de 1"), "{refused}");
    assert_eq!(generations(&app, a.id).await, 1);
    assert_eq!(queued_steps(&app).await, 1, "no model call is queued");
    let usage: Value = admin.get("/api/ai-usage").await.json().await.unwrap();
    let alfa = usage["tenants"].as_array().unwrap().iter().find(|t| t["tenantId"] == a.id.to_string()).unwrap().clone();
    assert_eq!((alfa["monthlyQuota"].clone(), alfa["generationsThisMonth"].clone()), (json!(1), json!(1)));
}

#[tokio::test]
async fn two_projects_started_at_once_cannot_both_take_the_last_generation() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let url = app.url(&format!("/api/tenants/{}/ai-quota", a.id));
    assert_eq!(admin.http.put(url).json(&json!({"monthlyQuota": 1})).send().await.unwrap().status(), StatusCode::OK);
    let owner = app.owner_of(&a).await;
    let (first, second) = tokio::join!(
        owner.post("/api/tenant/robot-projects", strategy("Robô Um")),
        owner.post("/api/tenant/robot-projects", strategy("Robô Dois")),
    );
    let mut statuses = vec![first.status(), second.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS]);
    assert_eq!(generations(&app, a.id).await, 1);
    assert_eq!(queued_steps(&app).await, 1);
}

#[tokio::test]
async fn without_a_model_the_factory_says_so_and_starts_nothing() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let owner = app.owner_of(&a).await;
    let (_, state) = json(owner.get("/api/tenant/robot-factory").await).await;
    assert_eq!(state["configured"], false);
    let (status, body) = json(owner.post("/api/tenant/robot-projects", strategy("Robô Sem IA")).await).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["message"], api::factory_start::NO_MODEL);
    assert_eq!(generations(&app, a.id).await, 0);
}

#[tokio::test]
async fn bad_strategies_are_refused_field_by_field() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let owner = app.owner_of(&a).await;
    let (status, body) =
        json(owner.post("/api/tenant/robot-projects", json!({"robotName": "ab", "gatilhosAbrir": "curto"})).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["robotName"], "Nome deve ter pelo menos 3 caracteres");
    assert_eq!(body["fields"]["gatilhosAbrir"], "Descreva os gatilhos para abrir ordens");
    assert_eq!(body["fields"]["protecaoCapital"], "Descreva limites para proteção do capital");
    assert_eq!(generations(&app, a.id).await, 0);
}

#[tokio::test]
async fn publishing_makes_the_version_downloadable_by_licensed_clients() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let robot = app.robot(&a, "Robô Fábrica").await;
    app.rows_of(&a, robot).await; // the tenant's client holds a license for it
    let (project, version, _) = compiled_project(&app, &a, "Robô Fábrica").await;
    let owner = app.owner_of(&a).await;

    let download = owner.get(&format!("/api/tenant/robot-projects/{project}/versions/{version}/download")).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert!(
        download.headers()["content-disposition"].to_str().unwrap().contains("Rob__F_brica_v1.ex5")
            || download.headers()["content-disposition"].to_str().unwrap().contains("_v1.ex5")
    );
    assert_eq!(download.bytes().await.unwrap().to_vec(), fake_ex5(7));

    let (status, body) = json(
        owner
            .post(
                &format!("/api/tenant/robot-projects/{project}/publish"),
                json!({"versionId": version, "versionType": "huge"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, published) = json(
        owner
            .post(
                &format!("/api/tenant/robot-projects/{project}/publish"),
                json!({"versionId": version, "versionType": "minor"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{published}");
    assert_eq!(
        (&published["version"], &published["robotId"]),
        (&json!("1.0.0"), &json!(robot)),
        "the robot's first version"
    );
    // Its licensed buyer is to be told; this platform has no sender, and the answer says so.
    assert_eq!(published["announcement"]["status"], "not_configured", "{published}");
    assert_eq!(published["announcement"]["buyers"], 1, "{published}");
    let (_, detail) = json(owner.get(&format!("/api/tenant/robot-projects/{project}")).await).await;
    assert_eq!(detail["status"], "published");
    assert_eq!(detail["publishedRobotId"], robot.to_string());
    assert_eq!(detail["conversationHistory"].as_array().unwrap().last().unwrap()["type"], "published");
    // Publishing the same version again (a retry, a double click — here two at once) numbers nothing new.
    let publish = |project: Uuid, version: Uuid| {
        let owner = &owner;
        async move {
            json(
                owner
                    .post(
                        &format!("/api/tenant/robot-projects/{project}/publish"),
                        json!({"versionId": version, "versionType": "minor"}),
                    )
                    .await,
            )
            .await
        }
    };
    let (first, second) = tokio::join!(publish(project, version), publish(project, version));
    assert_eq!((first.0, &first.1["version"]), (StatusCode::OK, &json!("1.0.0")), "{}", first.1);
    assert_eq!((second.0, &second.1["version"]), (StatusCode::OK, &json!("1.0.0")), "{}", second.1);
    let versions_of_robot = || async {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(a.id)).await.unwrap();
        let row: (i64, Option<String>) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM robot_versions WHERE robot_id = $1), active_version FROM tenant_robots WHERE id = $1",
        )
        .bind(robot)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        row
    };
    assert_eq!(versions_of_robot().await, (1, Some("1.0.0".to_string())));

    // Another project's version of the same robot is the next one; publishing the first again goes back to it.
    let (other_project, other_version, _) = compiled_project(&app, &a, "Robô Fábrica").await;
    let (_, next) = publish(other_project, other_version).await;
    assert_eq!(next["version"], "1.1.0", "minor moves the middle number");
    assert_eq!(versions_of_robot().await, (2, Some("1.1.0".to_string())));
    let (_, back) = publish(project, version).await;
    assert_eq!(back["version"], "1.0.0");
    assert_eq!(versions_of_robot().await, (2, Some("1.0.0".to_string())));

    let client = app.client_of(&a).await;
    let (_, licenses) = json(client.get("/api/client/licenses").await).await;
    let license = licenses["licenses"][0]["id"].as_str().unwrap().to_string();
    let file = client.get(&format!("/api/client/download/{license}")).await;
    assert_eq!(file.status(), StatusCode::OK, "the licensed client downloads the published version");
    assert_eq!(file.bytes().await.unwrap().to_vec(), fake_ex5(7));
}

#[tokio::test]
async fn another_tenant_cannot_read_adjust_or_publish_and_the_database_agrees() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let b = app.tenant("beta").await;
    let (project, version, generation) = compiled_project(&app, &a, "Robô Alfa").await;
    let owner_b = app.owner_of(&b).await;
    for response in [
        owner_b.get(&format!("/api/tenant/robot-projects/{project}")).await,
        owner_b.get(&format!("/api/tenant/robot-generations/{generation}")).await,
        owner_b.get(&format!("/api/tenant/robot-projects/{project}/versions/{version}/download")).await,
        owner_b
            .post(
                &format!("/api/tenant/robot-projects/{project}/request-adjustments"),
                json!({"adjustmentRequest": "Adicionar trailing stop de 100 pontos"}),
            )
            .await,
        owner_b
            .post(
                &format!("/api/tenant/robot-projects/{project}/publish"),
                json!({"versionId": version, "versionType": "major"}),
            )
            .await,
    ] {
        let (status, body) = json(response).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(!body.to_string().contains(&a.id.to_string()));
    }
    let (_, listed) = json(owner_b.get("/api/tenant/robot-projects").await).await;
    assert_eq!(listed["total"], 0);
    // The database refuses it too: B's scope sees none of A's rows.
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(b.id, Uuid::nil())).await.unwrap();
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM robot_projects").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(seen, 0);
    drop(tx);
    // A's adjustment works and starts version 2 from the latest strategy.
    let owner_a = app.owner_of(&a).await;
    let (status, queued) = json(
        owner_a
            .post(
                &format!("/api/tenant/robot-projects/{project}/request-adjustments"),
                json!({"adjustmentRequest": "Adicionar trailing stop de 100 pontos"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    assert_eq!(queued["version"]["version"], 2);
    let (status, busy) = json(
        owner_a
            .post(
                &format!("/api/tenant/robot-projects/{project}/request-adjustments"),
                json!({"adjustmentRequest": "Mais uma mudança qualquer"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "one version at a time: {busy}");
}

#[tokio::test]
async fn owners_cannot_write_code_or_files_and_clients_cannot_read_source() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let (_, version, _) = compiled_project(&app, &a, "Robô Alfa").await;
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(a.id)).await.unwrap();
    let owner: Uuid = sqlx::query_scalar("SELECT id FROM tenant_owners").fetch_one(&mut *tx).await.unwrap();
    drop(tx);
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(a.id, owner)).await.unwrap();
    let denied = sqlx::query("UPDATE robot_project_versions SET compiled_file_url = 'outro/arquivo.ex5' WHERE id = $1")
        .bind(version)
        .execute(&mut *tx)
        .await
        .unwrap_err();
    assert!(denied.to_string().contains("permission denied"), "{denied}");
    drop(tx);
    for table in ["robot_project_versions", "robot_generations", "robot_projects", "ai_usage"] {
        let mut tx = db::begin(&app.db.app_pool, Scope::client(a.id, a.client_id)).await.unwrap();
        let denied =
            sqlx::query(sqlx::AssertSqlSafe(format!("SELECT * FROM {table}"))).execute(&mut *tx).await.unwrap_err();
        assert!(denied.to_string().contains("permission denied"), "{table}: {denied}");
    }
}

/// A project of `tenant` whose first version waits on a queued compile job:
/// (project, job).
async fn compiling_project(app: &TestApp, tenant: &TenantFixture, robot_name: &str) -> (Uuid, Uuid) {
    let config = app.state.config.clone();
    let prompt = worker::factory::example_prompt(robot_name);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    let (robot, _) = api::factory_start::robot_for(&mut tx, &config.secrets, tenant.id, robot_name).await.unwrap();
    let (project, version) =
        api::factory_start::start_project(&mut tx, &config.ai, tenant.id, &prompt, &robot).await.unwrap();
    let row = robot_factory::find_version(&mut tx, tenant.id, version).await.unwrap().unwrap();
    let job = shared::repositories::compile_jobs::create_import(
        &mut tx,
        shared::repositories::compile_jobs::NewImport {
            tenant_id: tenant.id,
            robot_id: robot.id,
            robot_name: &robot.name,
            source_code: "int OnInit() { return(INIT_SUCCEEDED); }",
            uploaded_source: "int OnInit() { return(INIT_SUCCEEDED); }",
            original_file_name: None,
            generation_id: row.generation_id,
        },
    )
    .await
    .unwrap();
    robot_factory::set_compile_job(&mut tx, &row, job.id).await.unwrap();
    robot_factory::set_status(&mut tx, &row, "compiling").await.unwrap();
    tx.commit().await.unwrap();
    (project, job.id)
}

#[tokio::test]
async fn a_version_the_fleet_cannot_compile_fails_without_asking_the_model_again() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let (project, job) = compiling_project(&app, &a, "Robô Frota").await;
    let steps_before = queued_steps(&app).await;

    let (_, token) = crate::compile_fleet::register(&app, "frota-1").await;
    crate::compile_fleet::claim(&app, &token, 0).await.expect("the job is queued");
    let failed = json!({"success": false, "log": "", "diagnostics": [], "error": "MetaEditor não iniciou"});
    let done = crate::compile_fleet::agent_post(&app, &token, &format!("/api/agents/jobs/{job}/result"), failed).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);

    let owner = app.owner_of(&a).await;
    let (_, detail) = json(owner.get(&format!("/api/tenant/robot-projects/{project}")).await).await;
    assert_eq!(detail["versions"][0]["compilationStatus"], "failed");
    assert!(detail["versions"][0]["errorLog"].as_str().unwrap().contains("MetaEditor não iniciou"));
    assert_eq!(detail["conversationHistory"].as_array().unwrap().last().unwrap()["type"], "error");
    assert_eq!(queued_steps(&app).await, steps_before, "no fix round for a fleet failure");
}

#[tokio::test]
async fn a_version_whose_agents_kept_losing_its_job_fails_with_the_fleets_reason() {
    let app = factory_app().await;
    let a = app.tenant("alfa").await;
    let (project, job) = compiling_project(&app, &a, "Robô Sem Agente").await;
    let steps_before = queued_steps(&app).await;

    let (_, token) = crate::compile_fleet::register(&app, "frota-1").await;
    for _ in 0..shared::repositories::compile_fleet::MAX_AGENT_ATTEMPTS {
        crate::compile_fleet::claim(&app, &token, 0).await.expect("the job is leased again");
        crate::compile_fleet::expire_leases(&app, a.id).await;
    }
    // This claim gives the job up, and the version that waited for it moves on in the same transaction.
    assert!(crate::compile_fleet::claim(&app, &token, 0).await.is_none());
    let (status, _, _) = crate::compile_fleet::job_row(&app, a.id, job).await;
    assert_eq!(status, "failed");

    let owner = app.owner_of(&a).await;
    let (_, detail) = json(owner.get(&format!("/api/tenant/robot-projects/{project}")).await).await;
    assert_eq!(detail["versions"][0]["compilationStatus"], "failed");
    let error_log = detail["versions"][0]["errorLog"].as_str().unwrap();
    assert!(error_log.contains(shared::repositories::compile_fleet::AGENTS_GAVE_UP), "{error_log}");
    assert_eq!(detail["conversationHistory"].as_array().unwrap().last().unwrap()["type"], "error");
    assert_eq!(queued_steps(&app).await, steps_before, "no fix round for a fleet failure");
}

/// A factory whose model is the scripted stand-in, with one fix round.
async fn scripted_factory() -> (api::openai_stand_in::OpenAiStandIn, TestApp) {
    let model = api::openai_stand_in::OpenAiStandIn::start().await;
    let base = model.base_url.clone();
    let app = TestApp::spawn_with(move |config| {
        config.ai.base_url = Some(base);
        config.ai.model = Some("modelo-teste".into());
        config.ai.max_fix_attempts = 1;
    })
    .await;
    (model, app)
}

/// A project of `tenant` started for the robot `name`: (project, version).
async fn started_project(app: &TestApp, tenant: &TenantFixture, name: &str) -> (Uuid, Uuid) {
    let config = app.state.config.clone();
    let prompt = worker::factory::example_prompt(name);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    let (robot, _) = api::factory_start::robot_for(&mut tx, &config.secrets, tenant.id, name).await.unwrap();
    let started = api::factory_start::start_project(&mut tx, &config.ai, tenant.id, &prompt, &robot).await.unwrap();
    tx.commit().await.unwrap();
    started
}

/// A model that keeps writing a robot that opens positions without the
/// license guard: the static check sends it back for fixes, and once the
/// rounds are spent the version fails instead of reaching the fleet.
#[tokio::test]
async fn a_robot_that_would_trade_after_its_license_lapsed_is_never_built() {
    let (model, app) = scripted_factory().await;
    let unguarded = api::openai_stand_in::GOOD_EA.replace("   if(!RF_CanOpenPositions())\n      return;\n", "");
    assert_ne!(unguarded, api::openai_stand_in::GOOD_EA, "the stand-in's robot carries the guard");
    let answer = api::openai_stand_in::answer_with("Aqui está.", &unguarded);
    model.script((0..3).map(|_| api::openai_stand_in::Scripted::Answer(answer.clone())));

    let a = app.tenant("alfa").await;
    let config = app.state.config.clone();
    let (project, version) = started_project(&app, &a, "Sem Guarda").await;
    let step =
        |step, attempt| shared::workflows::jobs::RunFactoryStep { tenant_id: a.id, version_id: version, step, attempt };
    use shared::workflows::jobs::FactoryStep;
    assert_eq!(
        worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Generate, 0)).await.unwrap(),
        worker::factory::StepDone::Advanced
    );
    // The review's code has the finding: one fix round is asked for...
    worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Review, 0)).await.unwrap();
    // ...and its answer, still unguarded, ends the version.
    let done = worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Fix, 1)).await.unwrap();
    assert_eq!(done, worker::factory::StepDone::Failed);

    let owner = app.owner_of(&a).await;
    let (_, detail) = json(owner.get(&format!("/api/tenant/robot-projects/{project}")).await).await;
    let log = detail["versions"][0]["errorLog"].as_str().unwrap_or_default().to_string();
    assert!(log.contains("RF_CanOpenPositions()"), "{detail}");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(a.id)).await.unwrap();
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(jobs, 0, "nothing went to the fleet");
    // The model was told what to do about it.
    let asked = serde_json::to_string(&model.requests()).unwrap();
    assert!(asked.contains("RF_CanOpenPositions"), "the prompts name the guard");
}

/// A model that writes directives reaching outside the job: each is refused
/// before anything is queued, sent back in a fix round, and the version fails.
#[tokio::test]
async fn a_model_that_writes_an_escaping_directive_gets_it_refused_in_every_round() {
    let (model, app) = scripted_factory().await;
    let with = |directive: &str| {
        api::openai_stand_in::answer_with(
            "Aqui está.",
            &api::openai_stand_in::GOOD_EA.replacen(
                "#include <Trade/Trade.mqh>",
                &format!("#include <Trade/Trade.mqh>\n{directive}"),
                1,
            ),
        )
    };
    use api::openai_stand_in::Scripted;
    model.script([
        Scripted::Answer(with("#include \"..\\..\\x.mqh\"")),
        Scripted::Answer(with("#import \"kernel32.dll\"\nint GetTickCount();\n#import")),
        Scripted::Answer(with("#include \"Z:\\etc\\passwd\"")),
    ]);
    let a = app.tenant("alfa").await;
    let config = app.state.config.clone();
    let (project, version) = started_project(&app, &a, "Fuga").await;
    use shared::workflows::jobs::FactoryStep;
    let step =
        |step, attempt| shared::workflows::jobs::RunFactoryStep { tenant_id: a.id, version_id: version, step, attempt };
    worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Generate, 0)).await.unwrap();
    worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Review, 0)).await.unwrap();
    let done = worker::factory::run(&app.db.worker_pool, &config, &step(FactoryStep::Fix, 1)).await.unwrap();
    assert_eq!(done, worker::factory::StepDone::Failed);

    let owner = app.owner_of(&a).await;
    let (_, detail) = json(owner.get(&format!("/api/tenant/robot-projects/{project}")).await).await;
    let history = detail["conversationHistory"].to_string();
    assert!(
        history.contains("autorização do administrador da plataforma"),
        "the review's #import was refused: {history}"
    );
    let log = detail["versions"][0]["errorLog"].as_str().unwrap_or_default();
    assert!(log.contains("letras de unidade") && log.contains("Linha "), "the fix round's path was refused: {detail}");
    let asked = serde_json::to_string(&model.requests()).unwrap();
    assert!(asked.contains("this directive is not allowed"), "the fix prompt says why");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(a.id)).await.unwrap();
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM compilation_jobs").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(jobs, 0, "nothing was queued for the fleet");
}
