//! Protocol v3 executed for real (docs/license-signature.md, "Protocol v3"):
//! the default template, injected with a version tag, compiled by
//! `tools/mql5-harness` and run against this server over HTTPS (the relay and
//! TLS front of `license_harness`). The robot reports its account as
//! MetaTrader knows it (login on a trade server, demo or real), and the
//! server's signed answer names the latest version and the owner's account
//! rules.

use std::path::{Path, PathBuf};
use std::process::Command;

use shared::domain::mql5::{self, InjectionValues, LapsePolicy};
use shared::infrastructure::db::{self, Scope};

use crate::license_harness::{harness_dir, has_line, licensed, setup, sql, Robot, EA};

/// Two injections of the robot: what buyers run now, and the update.
const RUNNING_TAG: &str = "3f1c0a9b7d2e4c6f";
const UPDATE_TAG: &str = "9a8b7c6d5e4f3a2b";
/// A demo account at a Brazilian broker, as the terminal reports it.
const DEMO: [(&str, &str); 3] =
    [("MQL5_SERVER", "XPMT5-DEMO"), ("MQL5_COMPANY", "XP Investimentos CCTVM S/A"), ("MQL5_TRADE_MODE", "demo")];

/// The robot's `.ex5` injected with `version_tag`, compiled by the harness,
/// pointed at the relay.
async fn build_tagged(r: &Robot, version_tag: &str, name: &str) -> PathBuf {
    let mut tx = db::begin(&r.app.db.app_pool, Scope::worker_for(r.acme.id)).await.unwrap();
    let public_key = shared::repositories::tenant_robots::ensure_key_pair(&mut tx, &r.app.secrets, r.acme.id, r.robot)
        .await
        .unwrap()
        .unwrap();
    tx.commit().await.unwrap();
    let (tenant_id, robot_id) = (r.acme.id.to_string(), r.robot.to_string());
    let values = InjectionValues {
        auth_url: &r.relay_url,
        tenant_id: &tenant_id,
        tenant_domain: "acme.example.com",
        robot_id: &robot_id,
        signing_key: "0000000000000000000000000000000000000000000000000000000000000000",
        public_key: &public_key,
        lapse_policy: LapsePolicy::Stop,
        version_tag,
    };
    let source = mql5::inject(EA, mql5::DEFAULT_AUTH_TEMPLATE, &values).expect("injects");
    assert!(source.contains(&format!("#define RF_VERSION_TAG \"{version_tag}\"\n")), "the tag line is read back");
    let mq5 = r.work.0.join(format!("{name}.mq5"));
    std::fs::write(&mq5, source).unwrap();
    let binary = r.work.0.join(name);
    let built = Command::new(harness_dir().join("build.sh")).arg(&mq5).arg(&binary).output().unwrap();
    assert!(built.status.success(), "harness build: {}", String::from_utf8_lossy(&built.stderr));
    binary
}

/// A version of the robot carrying `tag`, made the one buyers download.
async fn publish_version(r: &Robot, version: &str, tag: &str) {
    let statement = format!(
        "INSERT INTO robot_versions (id, tenant_id, robot_id, version, file_path, original_file_name, file_size, version_tag)
         VALUES (gen_random_uuid(), '{}', '{}', '{version}', 'robots/{version}.ex5', 'Harness.ex5', 1, '{tag}')",
        r.acme.id, r.robot
    );
    sql(&r.app, r.acme.id, &statement).await;
    sql(&r.app, r.acme.id, &format!("UPDATE tenant_robots SET active_version = '{version}' WHERE id = '{}'", r.robot))
        .await;
}

/// A run of the robot with a common Files folder of its own (no stored answer).
async fn run_fresh(r: &Robot, binary: &Path, folder: &str, env: &[(&str, &str)]) -> String {
    let common = r.work.0.join(folder).to_string_lossy().to_string();
    let mut env = env.to_vec();
    env.push(("MQL5_COMMON_DIR", &common));
    r.run(binary, &r.acme.client_email, &env).await
}

#[tokio::test]
async fn a_demo_account_is_licensed_in_v3_and_told_of_a_newer_version_once_the_owner_activates_it() {
    let r = setup().await;
    publish_version(&r, "1.3.0", RUNNING_TAG).await;
    let robot = build_tagged(&r, RUNNING_TAG, "robot").await;

    let current = run_fresh(&r, &robot, "current", &DEMO).await;
    assert!(
        licensed(&current) && current.contains("PRINT: RoboForge: licença válida (acme.example.com)."),
        "{current}"
    );
    assert!(!current.contains("Nova versão"), "the running version is the latest: {current}");

    // The owner activates a newer version (another injection, another tag).
    publish_version(&r, "1.4.0", UPDATE_TAG).await;
    let notice = "Nova versão 1.4.0 disponível no portal: https://acme.example.com/login";
    let older = run_fresh(&r, &robot, "older", &DEMO).await;
    assert!(licensed(&older), "an update never stops trading: {older}");
    assert!(has_line(&older, &format!("PRINT: RoboForge: {notice}")), "the Experts log: {older}");
    assert!(older.lines().any(|l| l.starts_with("COMMENT: ") && l.contains(notice)), "the chart: {older}");

    // The update itself is the latest: no notice.
    let updated = build_tagged(&r, UPDATE_TAG, "updated").await;
    let latest = run_fresh(&r, &updated, "latest", &DEMO).await;
    assert!(licensed(&latest) && !latest.contains("Nova versão"), "{latest}");
}

#[tokio::test]
async fn a_robot_that_refuses_demo_accounts_stops_a_demo_account_with_its_text_and_licenses_a_real_one() {
    let r = setup().await;
    sql(&r.app, r.acme.id, &format!("UPDATE tenant_robots SET demo_accounts = 'refused' WHERE id = '{}'", r.robot))
        .await;
    let robot = build_tagged(&r, RUNNING_TAG, "robot").await;

    let demo = run_fresh(&r, &robot, "demo", &DEMO).await;
    assert!(has_line(&demo, "INIT: 1"), "a signed refusal stops it at start-up: {demo}");
    assert!(
        has_line(&demo, "ALERT: ERRO: esta licença não aceita contas demo. Use o robô em uma conta real."),
        "{demo}"
    );

    let real =
        [("MQL5_SERVER", "XPMT5-REAL"), ("MQL5_COMPANY", "XP Investimentos CCTVM S/A"), ("MQL5_TRADE_MODE", "real")];
    let licensed_real = run_fresh(&r, &robot, "real", &real).await;
    assert!(licensed(&licensed_real), "{licensed_real}");
}
