//! How fast the check log reaches `license_checks`, by method: the multi-row
//! INSERT over arrays (`unnest`) the log used before, `COPY` into the
//! connection's staging table then one INSERT (`license_checks::insert`),
//! and the same with `ON CONFLICT DO NOTHING RETURNING id` (how spill files
//! are loaded). Each on a fresh test database, under the worker role, rows
//! alike, alternated, the table emptied between rounds.
//!
//!   TEST_DATABASE_URL=postgres://roboforge:roboforge@127.0.0.1:5432/postgres \
//!     cargo run --release -p api --example check_log_writes -- [rows] [batch]

use std::time::{Duration, Instant};

use chrono::Utc;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::license_checks;
use shared::workflows::license_check::{log, CheckCode, CheckRecord};
use uuid::Uuid;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let rows = args.next().unwrap_or(200_000);
    let batch = args.next().unwrap_or(2_000);
    let test_db = shared::infrastructure::testing::fresh_database().await;
    let tenant = shared::infrastructure::testing::create_tenant(&test_db.app_pool, "check-log-writes").await;
    let records: Vec<CheckRecord> = (0..rows)
        .map(|i| CheckRecord {
            tenant_id: tenant,
            robot_id: Some(Uuid::from_u128(7)),
            license_id: Some(Uuid::from_u128(i as u128 % 10_000)),
            email: format!("bench{}@example.com", i % 10_000),
            account: Some(i as u64 % 10_000),
            ip: Some("127.0.0.1".parse().unwrap()),
            valid: true,
            code: CheckCode::Ok,
            checked_at: Utc::now(),
            server: Some("Bench-Real".into()),
            trade_mode: Some(shared::workflows::license_check::AccountKind::Real),
            company: None,
            terminal_build: Some(4755),
            robot_version: Some("1.0.0".into()),
        })
        .collect();
    let started = Instant::now();
    let mut encoded = Vec::new();
    for record in &records {
        log::encode(&mut encoded, shared::domain::ids::new_id(), record);
    }
    println!("encode: {:.0} ns per row", started.elapsed().as_nanos() as f64 / rows as f64);

    let pool = &test_db.app_pool;
    let mut totals = [Duration::ZERO; 3];
    const NAMES: [&str; 3] =
        ["INSERT … unnest(arrays)", "COPY → staging → INSERT", "COPY → staging → INSERT ON CONFLICT RETURNING"];
    for _round in 0..3 {
        for (method, total) in totals.iter_mut().enumerate() {
            sqlx::query("TRUNCATE license_checks").execute(&test_db.owner_pool).await.unwrap();
            let started = Instant::now();
            for chunk in records.chunks(batch) {
                let mut tx = db::begin(pool, Scope::worker()).await.unwrap();
                let mut lines = Vec::with_capacity(chunk.len() * 180);
                if method > 0 {
                    chunk.iter().for_each(|record| log::encode(&mut lines, shared::domain::ids::new_id(), record));
                }
                let written = match method {
                    0 => insert_unnest(&mut tx, chunk).await,
                    1 => license_checks::insert(&mut tx, &lines, Duration::from_secs(60)).await.unwrap(),
                    _ => license_checks::insert_skipping_logged(&mut tx, &lines, Duration::from_secs(60))
                        .await
                        .unwrap()
                        .len() as u64,
                };
                assert_eq!(written, chunk.len() as u64);
                tx.commit().await.unwrap();
            }
            *total += started.elapsed();
        }
    }
    for (name, total) in NAMES.iter().zip(totals) {
        let seconds = total.as_secs_f64() / 3.0;
        println!("{name:<48} {rows} rows in batches of {batch}: {seconds:.2} s ({:.0} rows/s)", rows as f64 / seconds);
    }
}

/// The statement the log used before (up to issue 25), kept here to compare against.
async fn insert_unnest(conn: &mut sqlx::PgConnection, batch: &[CheckRecord]) -> u64 {
    let ids: Vec<Uuid> = batch.iter().map(|_| shared::domain::ids::new_id()).collect();
    let tenants: Vec<Uuid> = batch.iter().map(|r| r.tenant_id).collect();
    let robots: Vec<Option<Uuid>> = batch.iter().map(|r| r.robot_id).collect();
    let licenses: Vec<Option<Uuid>> = batch.iter().map(|r| r.license_id).collect();
    let emails: Vec<String> = batch.iter().map(|r| r.email.chars().take(254).collect()).collect();
    let accounts: Vec<Option<String>> = batch.iter().map(|r| r.account.map(|a| a.to_string())).collect();
    let ips: Vec<Option<sqlx::types::ipnetwork::IpNetwork>> = batch.iter().map(|r| r.ip.map(Into::into)).collect();
    let valid: Vec<bool> = batch.iter().map(|r| r.valid).collect();
    let codes: Vec<&str> = batch.iter().map(|r| r.code.as_str()).collect();
    let at: Vec<chrono::DateTime<Utc>> = batch.iter().map(|r| r.checked_at).collect();
    sqlx::query(
        "INSERT INTO license_checks (id, tenant_id, robot_id, license_id, email, account_number, ip, valid, code, checked_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::inet[],
                              $8::bool[], $9::text[], $10::timestamptz[])",
    )
    .bind(ids)
    .bind(tenants)
    .bind(robots)
    .bind(licenses)
    .bind(emails)
    .bind(accounts)
    .bind(ips)
    .bind(valid)
    .bind(&codes)
    .bind(&at)
    .execute(conn)
    .await
    .unwrap()
    .rows_affected()
}
