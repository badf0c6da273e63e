//! The isolation matrix (DESIGN 12): every operation of the OpenAPI document
//! is called as anonymous, the platform admin, the owner of tenant A, the
//! owner of tenant B, a client of A and a client of B, with ids that belong
//! to tenant A, and each answer is checked against the operation's row below.
//! An operation without a row fails the test: every new endpoint must be
//! placed here the day it exists.

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};

use shared::domain::owner_permissions::{self, Capability};
use shared::domain::status::OwnerRole;

use crate::support::{fake_ex5, Caller, Part, TestApp};

/// Who may use an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Anyone (logins, logouts, health, public branding, machine webhooks
    /// authenticated by their own secret): checked only for "no 5xx".
    Public,
    /// The platform admin only; everyone else 401.
    Admin,
    /// Any signed-in owner, about themselves (no ids in the path).
    OwnSession,
    /// Any signed-in client, about themselves.
    OwnClientSession,
    /// The admin and tenant A's owner; B's owner 404 (A's ids are unknown to
    /// B), clients and anonymous 401.
    AdminOrOwnerOfA,
    /// Live streams: the admin and any owner (each sees only their tenant);
    /// clients and anonymous 401.
    AdminOrAnyOwner,
    /// An owner's own lists (no ids in the path): any owner, who sees only
    /// their tenant's rows (checked: B's answer holds nothing of A's);
    /// admin, clients and anonymous 401.
    AnyOwnerOwnRows,
    /// An owner's operation on one of A's ids: A's owner only; B's owner 404;
    /// admin, clients and anonymous 401.
    OwnerOfA,
    /// A client's operation on one of A's client's ids: that client only;
    /// client B 404; admin, owners and anonymous 401.
    ClientOfA,
    /// Compile agents' protocol: only an agent's own token; every session
    /// of every portal 401.
    AgentOnly,
}

fn access_of(operation_id: &str) -> Option<Access> {
    use Access::*;
    Some(match operation_id {
        "health" | "ready" | "tenantBranding" | "publicFile" | "publicSalesPage" | "tlsAsk" => Public,
        "publicStore" | "publicStoreRobot" => Public,
        "adminLogin"
        | "adminLogout"
        | "tenantLogin"
        | "tenantLogout"
        | "clientLogin"
        | "clientLoginPurchase"
        | "clientLogout"
        | "tenantForgotPassword"
        | "tenantResetPassword"
        | "clientForgotPassword"
        | "clientResetPassword"
        | "tenantDevice"
        | "tenantAcceptInvitation"
        | "clientAccessLink" => Public,
        "hotmartWebhook" | "kiwifyWebhook" | "eduzzWebhook" | "asaasWebhook" | "validateLicense" => Public,
        "resendWebhook" => Public,
        "listMailVolume" | "getTenantMail" | "updateTenantMail" => Admin,
        "tenantGetEmailSending" | "tenantGetEmailDomain" | "tenantListEmailProblems" => AnyOwnerOwnRows,
        "adminMe" | "createAdmin" | "getRobotAuthTemplate" | "updateRobotAuthTemplate" => Admin,
        "listAdminUsers" | "deactivateAdminUser" | "reactivateAdminUser" | "resetAdminPassword" => Admin,
        "listTenants" | "createTenant" | "updateTenant" | "deleteTenant" => Admin,
        "listHotmartEvents" | "replayHotmartEvent" => Admin,
        "dashboardStats" | "dashboardActivity" | "listAuditLog" => Admin,
        "listTenantOwners" | "createTenantOwner" | "updateTenantOwner" => Admin,
        "listRobots" | "createRobot" | "updateRobot" => Admin,
        "listCompileAgents" | "registerCompileAgent" | "revokeCompileAgent" | "moveCompileAgent" => Admin,
        "listCompilePools" | "createCompilePool" | "updateCompilePool" | "deleteCompilePool" => Admin,
        "getCompileQueue" | "acknowledgePlatformAlert" | "getTenantLimits" | "updateTenantLimits" => Admin,
        "listCompilationHistory" | "getCompilationSource" => Admin,
        "generateRobot" | "getRobotGeneration" | "aiUsage" | "setAiQuota" | "setTesterQuota" => Admin,
        "agentClaim" | "agentHeartbeat" | "agentJobResult" | "agentReleaseJob" | "agentBacktestResult" => AgentOnly,
        "listClients" | "createClient" | "updateClient" => Admin,
        "listLicenses" | "createLicense" | "updateLicense" => Admin,
        "listSales" | "getSale" | "createSale" | "updateSale" => Admin,
        "listSubscriptions" | "createSubscription" | "updateSubscription" => Admin,
        "tenantMe" => OwnSession,
        "clientMe" | "clientDashboard" | "clientLicenses" | "clientSubscriptions" => OwnClientSession,
        "clientProfile" | "clientUpdateProfile" | "clientChangePassword" | "clientPurchases" => OwnClientSession,
        "platformHealth" => Admin,
        "clientChangeAccount" | "clientDownload" | "clientCancelSubscription" => ClientOfA,
        "clientLicenseSeats" | "clientFreeLicenseSeat" | "clientAddLicenseSeat" => ClientOfA,
        "injectRobotAuth" => AdminOrOwnerOfA,
        "notificationStream" => AdminOrAnyOwner,
        "tenantGetHotmartApi" | "tenantUpdateHotmartApi" | "tenantDeleteHotmartApi" => AnyOwnerOwnRows,
        "tenantStats"
        | "tenantOnboarding"
        | "tenantOnboardingPortalShared"
        | "tenantListClients"
        | "tenantCreateClient"
        | "tenantListLicenses"
        | "tenantCreateLicense"
        | "tenantListSales"
        | "tenantListSubscriptions"
        | "tenantListRobots"
        | "tenantCreateRobot"
        | "tenantGetSettings"
        | "tenantUpdateSettings"
        | "tenantUploadLogo"
        | "tenantUploadFavicon"
        | "tenantGetEmailSettings"
        | "tenantUpdateEmailSettings"
        | "tenantSendTestEmail"
        | "tenantGetEmailTemplates"
        | "tenantUpdateEmailTemplates"
        | "tenantEmailTemplateDefaults"
        | "tenantCreateCompilationJob"
        | "tenantListTeam"
        | "tenantInviteOwner"
        | "tenantRotateSecurityKey"
        | "tenantStorageUsage"
        | "tenantFactoryStatus"
        | "tenantListRobotProjects"
        | "tenantCreateRobotProject"
        | "tenantListRobotGenerations"
        | "tenantRecordManualSale"
        | "tenantSetHotmartHottok"
        | "tenantHotmartReconciliation"
        | "tenantReconcileHotmart" => AnyOwnerOwnRows,
        "tenantUpdateClient"
        | "tenantClientDetails"
        | "tenantSendClientEmail"
        | "tenantGetLicense"
        | "tenantUpdateLicense"
        | "tenantSwitchLicenseAccount"
        | "tenantGetSale"
        | "tenantGetSubscription"
        | "tenantGetRobot"
        | "tenantUpdateRobot"
        | "tenantGetRobotLicense"
        | "tenantUpdateRobotLicense"
        | "tenantRebuildRobotLicense"
        | "tenantGetRobotSeatPolicy"
        | "tenantUpdateRobotSeatPolicy"
        | "tenantLicenseSeats"
        | "tenantFreeLicenseSeat"
        | "tenantUpdateLicenseSeatPolicy"
        | "tenantUploadRobotLogo"
        | "tenantListRobotVersions"
        | "tenantUploadRobotVersion"
        | "tenantActivateRobotVersion"
        | "tenantRobotSharedBuildClients"
        | "tenantTraceLeak"
        | "tenantRevokeLicenseBuild"
        | "tenantListVersionBacktests"
        | "tenantStartVersionBacktest"
        | "tenantCancelBacktest"
        | "tenantUpdateBacktest"
        | "tenantProjectTesterSettings"
        | "tenantSetProjectTesterSettings"
        | "tenantListFactoryVersionBacktests"
        | "tenantUpdateRobotVersion"
        | "tenantWithdrawRobotVersion"
        | "tenantRestoreRobotVersion"
        | "tenantRobotInstallationsByVersion"
        | "tenantDownloadRobotVersion"
        | "tenantGetSalesPage"
        | "tenantUpdateSalesPage"
        | "tenantGetCompilationJob"
        | "tenantDownloadCompilationJob"
        | "tenantRobotCompileJobs"
        | "tenantGetRobotProject"
        | "tenantAdjustRobotProject"
        | "tenantPublishRobotProject"
        | "tenantDownloadRobotProjectVersion"
        | "tenantGetRobotGeneration"
        | "tenantUpdateTeamMember"
        | "tenantResendInvitation"
        | "tenantDeleteTeamMember"
        | "tenantDeleteRobot"
        | "tenantExportClient"
        | "tenantEraseClient"
        | "tenantHotmartChannel"
        | "tenantSignedChannel"
        | "tenantSetSignedToken"
        | "tenantSetExternalReference"
        | "tenantSendHotmartTestEvent"
        | "tenantCreateClientAccessLink"
        | "tenantClientEmails"
        | "tenantTeamMemberEmails"
        | "tenantResendEmail" => OwnerOfA,
        _ => return None,
    })
}

/// Operations of an OpenAPI document that have no row in the matrix.
fn operations_without_a_row(document: &Value) -> Vec<String> {
    document["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|op| op["operationId"].as_str())
        .filter(|id| access_of(id).is_none())
        .map(str::to_string)
        .collect()
}

#[test]
fn a_route_added_without_a_row_fails_the_matrix() {
    let mut document: Value = serde_json::from_str(&api::openapi::document_json()).unwrap();
    assert_eq!(operations_without_a_row(&document), Vec::<String>::new());
    document["paths"]["/api/brand-new"] = json!({ "get": { "operationId": "brandNewOperation" } });
    assert_eq!(operations_without_a_row(&document), ["brandNewOperation"]);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Anonymous,
    Admin,
    OwnerA,
    /// Owners of A with the Suporte and Financeiro roles: let through where
    /// owner A is, and their role allows the operation's capability (403
    /// otherwise: docs/owner-roles.md).
    SupportA,
    FinancialA,
    OwnerB,
    ClientA,
    ClientB,
}

/// What an owner needs for each owner operation: the permission matrix of
/// docs/owner-roles.md, stated here independently of the api's own table.
fn capability_of(operation_id: &str) -> Option<Capability> {
    use Capability::*;
    Some(match operation_id {
        "tenantStats" | "tenantOnboarding" => ViewDashboard,
        "tenantOnboardingPortalShared" => ManageSettings,
        "tenantListClients" | "tenantClientDetails" => ViewClients,
        "tenantCreateClient" | "tenantUpdateClient" | "tenantSendClientEmail" => ManageClients,
        "tenantListLicenses" | "tenantGetLicense" => ViewLicenses,
        "tenantRobotSharedBuildClients" | "tenantTraceLeak" => ViewLicenses,
        "tenantRevokeLicenseBuild" => ManageLicenses,
        "tenantLicenseSeats" => ViewLicenses,
        "tenantFreeLicenseSeat" | "tenantUpdateLicenseSeatPolicy" => ManageLicenses,
        "tenantGetRobotSeatPolicy" => ViewRobots,
        "tenantUpdateRobotSeatPolicy" => ManageRobots,
        "tenantListVersionBacktests" | "tenantProjectTesterSettings" | "tenantListFactoryVersionBacktests" => {
            ViewRobots
        }
        "tenantStartVersionBacktest" | "tenantCancelBacktest" | "tenantUpdateBacktest" => ManageRobots,
        "tenantSetProjectTesterSettings" => ManageRobots,
        "tenantCreateLicense" | "tenantUpdateLicense" | "tenantSwitchLicenseAccount" => ManageLicenses,
        "tenantListRobots"
        | "tenantGetRobot"
        | "tenantListRobotVersions"
        | "tenantRobotInstallationsByVersion"
        | "tenantGetRobotLicense"
        | "tenantGetSalesPage"
        | "tenantDownloadRobotVersion"
        | "tenantGetCompilationJob"
        | "tenantDownloadCompilationJob"
        | "tenantRobotCompileJobs"
        | "tenantFactoryStatus"
        | "tenantListRobotProjects"
        | "tenantGetRobotProject"
        | "tenantListRobotGenerations"
        | "tenantGetRobotGeneration"
        | "tenantDownloadRobotProjectVersion" => ViewRobots,
        "tenantCreateRobot"
        | "tenantUpdateRobot"
        | "tenantUploadRobotLogo"
        | "tenantUploadRobotVersion"
        | "tenantActivateRobotVersion"
        | "tenantUpdateRobotVersion"
        | "tenantWithdrawRobotVersion"
        | "tenantRestoreRobotVersion"
        | "tenantUpdateRobotLicense"
        | "tenantRebuildRobotLicense"
        | "tenantUpdateSalesPage"
        | "tenantCreateCompilationJob"
        | "tenantCreateRobotProject"
        | "tenantAdjustRobotProject"
        | "tenantPublishRobotProject"
        | "injectRobotAuth" => ManageRobots,
        "tenantListSales" | "tenantGetSale" | "tenantListSubscriptions" | "tenantGetSubscription" => ViewSales,
        "tenantRecordManualSale" => ManageSales,
        "tenantGetHotmartApi" => ViewSettings,
        "tenantGetEmailSending" | "tenantGetEmailDomain" | "tenantListEmailProblems" => ViewSettings,
        "tenantUpdateHotmartApi" | "tenantDeleteHotmartApi" => ManageSettings,
        "tenantGetSettings" | "tenantEmailTemplateDefaults" | "tenantGetEmailTemplates" | "tenantStorageUsage" => {
            ViewSettings
        }
        "tenantUpdateSettings"
        | "tenantUploadLogo"
        | "tenantUploadFavicon"
        | "tenantGetEmailSettings"
        | "tenantUpdateEmailSettings"
        | "tenantSendTestEmail"
        | "tenantUpdateEmailTemplates" => ManageSettings,
        "tenantListTeam"
        | "tenantInviteOwner"
        | "tenantUpdateTeamMember"
        | "tenantResendInvitation"
        | "tenantRotateSecurityKey"
        | "tenantDeleteTeamMember" => ManageTeam,
        "tenantDeleteRobot" => ManageRobots,
        "tenantExportClient" | "tenantEraseClient" => EraseClients,
        "tenantHotmartChannel" | "tenantSignedChannel" => ViewRobots,
        "tenantSetSignedToken" | "tenantSetExternalReference" => ManageSettings,
        "tenantSendHotmartTestEvent" => ManageRobots,
        "tenantSetHotmartHottok" | "tenantReconcileHotmart" => ManageSettings,
        "tenantHotmartReconciliation" => ViewSales,
        "tenantCreateClientAccessLink" | "tenantResendEmail" => ManageClients,
        "tenantClientEmails" => ViewClients,
        "tenantTeamMemberEmails" => ManageTeam,
        _ => return None,
    })
}

fn role_of(who: Who) -> Option<OwnerRole> {
    match who {
        Who::SupportA => Some(OwnerRole::Support),
        Who::FinancialA => Some(OwnerRole::Financial),
        _ => None,
    }
}

/// Whether `who` is let through (anything but 401/403/404 counts as through).
fn allowed(access: Access, who: Who, operation_id: &str) -> Option<bool> {
    let Some(role) = role_of(who) else { return allowed_as(access, who) };
    let as_owner_a = allowed_as(access, Who::OwnerA)?;
    let role_allows = capability_of(operation_id).is_none_or(|c| owner_permissions::allows(role, c));
    Some(as_owner_a && role_allows)
}

fn allowed_as(access: Access, who: Who) -> Option<bool> {
    use Who::*;
    match access {
        Access::Public => None,
        Access::Admin => Some(who == Admin),
        Access::OwnSession => Some(matches!(who, OwnerA | OwnerB)),
        Access::OwnClientSession => Some(matches!(who, ClientA | ClientB)),
        Access::AdminOrOwnerOfA => Some(matches!(who, Admin | OwnerA)),
        Access::AdminOrAnyOwner => Some(matches!(who, Admin | OwnerA | OwnerB)),
        Access::AnyOwnerOwnRows => Some(matches!(who, OwnerA | OwnerB)),
        Access::OwnerOfA => Some(who == OwnerA),
        Access::ClientOfA => Some(who == ClientA),
        Access::AgentOnly => Some(false),
    }
}

/// The refusal `who` must get when not allowed.
fn refusal(access: Access, who: Who, operation_id: &str) -> StatusCode {
    if role_of(who).is_some() && allowed_as(access, Who::OwnerA) == Some(true) {
        let _ = operation_id;
        return StatusCode::FORBIDDEN;
    }
    let who = if role_of(who).is_some() { Who::OwnerA } else { who };
    match (access, who) {
        (Access::AdminOrOwnerOfA | Access::OwnerOfA, Who::OwnerB) => StatusCode::NOT_FOUND,
        (Access::ClientOfA, Who::ClientB) => StatusCode::NOT_FOUND,
        _ => StatusCode::UNAUTHORIZED,
    }
}

#[tokio::test]
async fn every_operation_refuses_whoever_it_must_and_leaks_nothing() {
    let app = crate::robot_factory::factory_app().await;
    let a = app.tenant_with_hottok("alfa", "hottok-alfa").await;
    let b = app.tenant("beta").await;
    let robot_a = app.robot(&a, "Robô A").await.to_string();
    // A Hotmart event of tenant A, for the routes about events.
    let stored: Value = app.post_hotmart(&robot_a, "hottok-alfa", "purchase_approved").await.json().await.unwrap();
    assert_eq!(stored["received"], true);
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(a.id))
            .await
            .unwrap();
    let event_a: uuid::Uuid = sqlx::query_scalar("SELECT id FROM hotmart_inbox").fetch_one(&mut *tx).await.unwrap();
    drop(tx);
    let event_a = event_a.to_string();
    let rows_a = app.rows_of(&a, robot_a.parse().unwrap()).await;
    // A seat of A's license, for the seat routes; put back before each call,
    // since the first caller allowed to free it does.
    let seat_a = uuid::Uuid::now_v7().to_string();
    // A stored version of robot A, for the version routes.
    let owner_a = app.owner_of(&a).await;
    let upload = owner_a
        .send_multipart(
            reqwest::Method::POST,
            &format!("/api/tenant/robots/{robot_a}/versions/upload"),
            &[
                Part::File { field: "file", name: "a.ex5", bytes: &fake_ex5(1) },
                Part::Text { field: "version", value: "1.0.0" },
            ],
        )
        .await;
    assert_eq!(upload.status(), StatusCode::CREATED);
    let version_a = upload.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    // A backtest of that version, for the backtest routes.
    let backtest =
        owner_a.post(&format!("/api/tenant/robots/{robot_a}/versions/{version_a}/backtests"), json!({})).await;
    assert_eq!(backtest.status(), StatusCode::CREATED);
    let backtest_a = backtest.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    // A compile agent, for the admin's agent routes.
    let registered = app.as_admin().await.post("/api/compile-agents", json!({"name": "agente-matriz"})).await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let registered: Value = registered.json().await.unwrap();
    let agent_id = registered["agent"]["id"].as_str().unwrap().to_string();
    // A compiled import of tenant A, for the compile job routes.
    let job_a = compiled_import(&app, &owner_a, registered["token"].as_str().unwrap()).await;
    // An AI factory project of tenant A with a compiled version.
    let (project_a, project_version_a, generation_a) =
        crate::robot_factory::compiled_project(&app, &a, "Fábrica A").await;
    let (project_a, project_version_a, generation_a) =
        (project_a.to_string(), project_version_a.to_string(), generation_a.to_string());
    // An agent pool (serving tenant B, so A's jobs above are untouched) and
    // an admin alert, for the fleet routes.
    let pool = app.as_admin().await.post("/api/compile-pools", json!({"name": "Matriz", "tenantIds": [b.id]})).await;
    assert_eq!(pool.status(), StatusCode::CREATED);
    let pool_id = pool.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    let alert_id = uuid::Uuid::now_v7().to_string();
    // Another platform admin, for the "Usuários" routes (the matrix's admin
    // deactivating itself would end its own session).
    let other_admin = app.admin("admin-da-matriz", crate::support::PASSWORD).await.to_string();
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker()).await.unwrap();
    sqlx::query(
        "INSERT INTO platform_alerts (id, kind, subject_id, tenant_id, message)
         VALUES ($1::uuid, 'compile_job_stalled', $2::uuid, $3, 'parado')",
    )
    .bind(&alert_id)
    .bind(&job_a)
    .bind(a.id)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    // A message of tenant A's outbox, for the e-mail log's resend.
    let email_a = uuid::Uuid::now_v7().to_string();
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(a.id))
            .await
            .unwrap();
    sqlx::query(
        "INSERT INTO email_outbox (id, tenant_id, to_address, subject, html, template, status, via_platform)
         VALUES ($1::uuid, $2, $3, 'Bem-vindo', '<p>oi</p>', 'welcome', 'sent', true)",
    )
    .bind(&email_a)
    .bind(a.id)
    .bind(&a.client_email)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let callers: Vec<(Who, Caller)> = vec![
        (Who::Anonymous, app.anonymous()),
        (Who::Admin, app.as_admin().await),
        (Who::OwnerA, app.owner_of(&a).await),
        (Who::SupportA, app.owner_with_role(&a, OwnerRole::Support).await),
        (Who::FinancialA, app.owner_with_role(&a, OwnerRole::Financial).await),
        (Who::OwnerB, app.owner_of(&b).await),
        (Who::ClientA, app.client_of(&a).await),
        (Who::ClientB, app.client_of(&b).await),
    ];
    let document: Value = serde_json::from_str(&api::openapi::document_json()).unwrap();
    let mut operations: Vec<(&String, &String, &Value)> = document["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| item.as_object().unwrap().iter().map(move |(method, op)| (path, method, op)))
        .collect();
    // Deletions remove tenant A's data and logouts end the callers' sessions: they go last.
    operations.sort_by_key(|(_, method, op)| {
        (op["operationId"].as_str().unwrap().ends_with("Logout"), method.as_str() == "delete")
    });
    let mut missing = Vec::new();
    {
        for (path, method, operation) in operations {
            let id = operation["operationId"].as_str().unwrap();
            let Some(access) = access_of(id) else {
                missing.push(id.to_string());
                continue;
            };
            // Rotating A's key ends every session of A's owners mid-matrix: its
            // row is checked caller by caller in owner_team.rs instead.
            if id == "tenantRotateSecurityKey" {
                continue;
            }
            // Every id in the path is tenant A's.
            let id_of_a = if path.starts_with("/api/tenants/") {
                a.id.to_string()
            } else if path.starts_with("/api/hotmart-events/") {
                event_a.clone()
            } else if path.starts_with("/api/compile-agents/") {
                agent_id.clone()
            } else if path.starts_with("/api/compile-pools/") {
                pool_id.clone()
            } else if path.starts_with("/api/users/") {
                other_admin.clone()
            } else if path.starts_with("/api/platform-alerts/") {
                alert_id.clone()
            } else if path.starts_with("/api/tenant/compilation-jobs/") || path.starts_with("/api/compilation-history/")
            {
                job_a.clone()
            } else if path.starts_with("/api/tenant/emails/") {
                email_a.clone()
            } else if path.starts_with("/api/tenant/backtests/") {
                backtest_a.clone()
            } else if path.starts_with("/api/tenant/robot-projects/") {
                project_a.clone()
            } else if path.starts_with("/api/tenant/robot-generations/") || path.starts_with("/api/robots/generations/")
            {
                generation_a.clone()
            } else if path.starts_with("/api/tenant-owners/") || path.starts_with("/api/tenant/team/") {
                rows_a.owner.to_string()
            } else if path.starts_with("/api/clients/") || path.starts_with("/api/tenant/clients/") {
                rows_a.client.to_string()
            } else if path.starts_with("/api/client-robots/")
                || path.starts_with("/api/tenant/licenses/")
                || path.starts_with("/api/client/licenses/")
            {
                rows_a.license.to_string()
            } else if path.starts_with("/api/sales/") || path.starts_with("/api/tenant/sales/") {
                rows_a.sale.to_string()
            } else if path.starts_with("/api/subscriptions/")
                || path.starts_with("/api/tenant/subscriptions/")
                || path.starts_with("/api/client/subscriptions/")
            {
                rows_a.subscription.to_string()
            } else {
                robot_a.clone()
            };
            let url_path = path
                .replace("{id}", &id_of_a)
                .replace("{robotId}", &robot_a)
                // The signing platforms' routes; Asaas has them all (the reference too).
                .replace("{platform}", "asaas")
                .replace(
                    "{versionId}",
                    if path.starts_with("/api/tenant/robot-projects/") { &project_version_a } else { &version_a },
                )
                .replace("{version}", "1.0.0")
                .replace("{licenseId}", &rows_a.license.to_string())
                .replace("{seatId}", &seat_a)
                .replace("{platform}", "kiwify");
            for (who, caller) in &callers {
                if path.contains("{seatId}") {
                    app.sql_in(
                        a.id,
                        &format!(
                            "INSERT INTO license_seats (id, tenant_id, license_id, login, server, kind)
                             VALUES ('{seat_a}', '{}', '{}', '4242', 'Matriz-Real', 'real') ON CONFLICT DO NOTHING",
                            a.id, rows_a.license
                        ),
                    )
                    .await;
                }
                let url = format!("{}{url_path}", caller.base);
                let mut request = match method.as_str() {
                    "get" => caller.http.get(&url),
                    "post" => caller.http.post(&url).json(&json!({})),
                    "patch" => caller.http.patch(&url).json(&json!({})),
                    "put" => caller.http.put(&url).json(&json!({})),
                    "delete" => caller.http.delete(&url).header("x-requested-with", "matrix"),
                    other => panic!("method {other} not covered by the matrix"),
                };
                if let Some(secret) = &caller.tenant_secret {
                    request = request.header("x-tenant-secret", secret);
                }
                let response = request.send().await.unwrap();
                let status = response.status();
                let label = format!("{} {path} ({id}) as {who:?}", method.to_uppercase());
                assert!(!status.is_server_error(), "{label}: {status}");
                match allowed(access, *who, id) {
                    None => {}
                    Some(true) => {
                        assert!(!matches!(status.as_u16(), 401 | 403 | 404), "{label} must be allowed, got {status}");
                        if access == Access::AnyOwnerOwnRows && *who == Who::OwnerB {
                            let body = response.text().await.unwrap();
                            for secret in [&robot_a, &rows_a.client.to_string(), &a.client_email, &a.owner_email] {
                                assert!(!body.contains(secret.as_str()), "{label} showed A's {secret}: {body}");
                            }
                        }
                    }
                    Some(false) => {
                        assert_eq!(status, refusal(access, *who, id), "{label}");
                        if id != "notificationStream" {
                            let body = response.text().await.unwrap();
                            for secret in [&robot_a, &a.id.to_string(), &a.client_email, &a.owner_email] {
                                assert!(!body.contains(secret.as_str()), "{label} leaked {secret}: {body}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "operations without a row in the isolation matrix: {missing:?}");
    assert_eq!(missing, operations_without_a_row(&document));
}

/// An `.mq5` imported by `owner` and compiled by the agent holding `token`: its job id.
async fn compiled_import(app: &TestApp, owner: &Caller, token: &str) -> String {
    const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");
    let created = owner
        .post(
            "/api/tenant/compilation-jobs",
            json!({"robotName": "Importado A", "sourceCode": EA, "fileName": "a.mq5"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let job = created.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    crate::compile_fleet::claim(app, token, 0).await.expect("the import is queued");
    let ex5 = base64::engine::general_purpose::STANDARD.encode(fake_ex5(2));
    let result = json!({"success": true, "log": "Result: 0 errors", "diagnostics": [], "ex5Base64": ex5});
    let done = crate::compile_fleet::agent_post(app, token, &format!("/api/agents/jobs/{job}/result"), result).await;
    assert_eq!(done.status(), StatusCode::NO_CONTENT);
    job
}
