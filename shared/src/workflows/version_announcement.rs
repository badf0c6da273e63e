//! "Nova versão": when an owner publishes a version (makes it the one
//! clients download), each current buyer of the robot is e-mailed once per
//! version. The activating request only queues one job and says how many
//! buyers it is for; the job writes the messages in batches, so a robot
//! with thousands of buyers never slows the request.
//!
//! Once per buyer and version: each message's outbox id is derived from the
//! version and the client (`message_id`), so activating the same version
//! again, a double click or a retried job finds the message and queues
//! nothing. (A message removed from the outbox by an erasure would be sent
//! again on a later activation of that version.)

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::repositories::robot_buyers::{self, RobotBuyer};
use crate::repositories::{email_limits, email_outbox, job_queue, robot_versions, tenant_robots, tenants};
use crate::workflows::email::{self, buyer::Release, Delivery, EmailTemplate};
use crate::workflows::jobs::{AnnounceVersion, NEW_VERSION_QUEUE};

/// Messages written per transaction by the job.
pub const BATCH: usize = 200;

/// What the owner is told when a version is published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionAnnouncement {
    /// `queued` (the e-mails are on their way), `not_configured` (recorded,
    /// no sender to send them), `suspended` (the platform suspended the
    /// tenant's mail), `switched_off` (the owner switched the "Nova versão"
    /// e-mail off), `already_told` (every buyer already has this version's
    /// e-mail) or `no_buyers`.
    pub status: String,
    /// Buyers who get the e-mail now.
    pub buyers: usize,
    /// What the owner reads (pt-BR).
    pub message: String,
}

impl VersionAnnouncement {
    fn new(status: &str, buyers: usize, message: String) -> Self {
        Self { status: status.into(), buyers, message }
    }
}

/// The outbox id of `client_id`'s "Nova versão" e-mail about `version_id`.
pub fn message_id(version_id: Uuid, client_id: Uuid) -> Uuid {
    let digest = Sha256::new()
        .chain_update(b"roboforge:new-version:")
        .chain_update(version_id.as_bytes())
        .chain_update(client_id.as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

/// The buyers of the robot not yet told of `version_id`, with their
/// message ids.
async fn untold(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    version_id: Uuid,
) -> AppResult<(usize, Vec<(Uuid, RobotBuyer)>)> {
    let buyers = robot_buyers::current(conn, tenant_id, robot_id).await?;
    let total = buyers.len();
    let ids: Vec<Uuid> = buyers.iter().map(|b| message_id(version_id, b.client_id)).collect();
    let told = email_outbox::existing(conn, tenant_id, &ids).await?;
    let untold = ids.into_iter().zip(buyers).filter(|(id, _)| !told.contains(id)).collect();
    Ok((total, untold))
}

fn buyers_pt(n: usize) -> String {
    if n == 1 {
        "1 comprador".into()
    } else {
        format!("{n} compradores")
    }
}

/// Announces `version` of the robot, just made active in `conn`'s
/// transaction (owner or worker scope): queues the job that e-mails the
/// buyers and answers what the owner is told. Nothing is queued when the
/// kind is switched off or nobody is left to tell.
pub async fn announce(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    version: &str,
) -> AppResult<Option<VersionAnnouncement>> {
    let Some(version) = robot_versions::find_by_number(conn, tenant_id, robot_id, version).await? else {
        return Ok(None);
    };
    let look = tenants::email_look(conn, tenant_id).await?.unwrap_or_default();
    if EmailTemplate::NewVersion.switched_off_in(look.email_templates.as_ref().unwrap_or(&serde_json::Value::Null)) {
        return Ok(Some(VersionAnnouncement::new(
            "switched_off",
            0,
            "O e-mail “Nova versão” está desligado: os compradores não foram avisados. \
             Ligue-o em Configurações → E-mails."
                .into(),
        )));
    }
    let (total, untold) = untold(conn, tenant_id, robot_id, version.id).await?;
    if total == 0 {
        return Ok(Some(VersionAnnouncement::new(
            "no_buyers",
            0,
            "Nenhum comprador com licença ativa para avisar.".into(),
        )));
    }
    if untold.is_empty() {
        return Ok(Some(VersionAnnouncement::new(
            "already_told",
            0,
            format!("Os compradores já foram avisados da versão {} por e-mail.", version.version),
        )));
    }
    let job = AnnounceVersion { tenant_id, robot_version_id: version.id };
    job_queue::enqueue(conn, NEW_VERSION_QUEUE, &job, None).await?;
    let buyers = untold.len();
    let policy = email_limits::policy(conn, tenant_id).await?.unwrap_or_default();
    Ok(Some(if policy.mail_suspended_at.is_some() {
        let reason = email::suspended_reason(policy.mail_suspended_reason.as_deref());
        VersionAnnouncement::new(
            "suspended",
            buyers,
            format!("Aviso de nova versão para {}: {reason}", buyers_pt(buyers)),
        )
    } else if Delivery::of(look.own_key) == Delivery::None {
        VersionAnnouncement::new(
            "not_configured",
            buyers,
            format!(
                "Aviso de nova versão para {}: não enviado: remetente não configurado. \
                 Configure o envio em Configurações → E-mails.",
                buyers_pt(buyers)
            ),
        )
    } else {
        let will = if buyers == 1 { "será avisado" } else { "serão avisados" };
        VersionAnnouncement::new("queued", buyers, format!("{} {will} por e-mail da nova versão.", buyers_pt(buyers)))
    }))
}

/// What one run of the job did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Queued this many messages; more buyers are left for another batch.
    More(usize),
    /// Queued this many; every buyer is told.
    Done(usize),
    /// Nothing to do: the version is gone, withdrawn, no longer the active
    /// one (a later version was published before the job ran: its buyers
    /// hear of that one), or the kind was switched off.
    Skipped,
}

/// Writes up to [`BATCH`] of the version's messages in `conn`'s transaction
/// (worker scope of the tenant). Runs of one version take turns (an
/// advisory lock), so two never write the same buyer's message.
pub async fn send_batch(conn: &mut PgConnection, job: &AnnounceVersion) -> AppResult<Progress> {
    let AnnounceVersion { tenant_id, robot_version_id } = *job;
    robot_versions::lock_announcement(conn, robot_version_id).await?;
    let Some(version) = robot_versions::find_any(conn, tenant_id, robot_version_id).await? else {
        return Ok(Progress::Skipped);
    };
    let Some(robot) = tenant_robots::find(conn, tenant_id, version.robot_id).await? else {
        return Ok(Progress::Skipped);
    };
    let stale = robot.active_version.as_deref() != Some(version.version.as_str()) || version.withdrawn_at.is_some();
    let look = tenants::email_look(conn, tenant_id).await?.unwrap_or_default();
    let switched_off =
        EmailTemplate::NewVersion.switched_off_in(look.email_templates.as_ref().unwrap_or(&serde_json::Value::Null));
    if stale || switched_off {
        return Ok(Progress::Skipped);
    }
    let (_, untold) = untold(conn, tenant_id, robot.id, version.id).await?;
    let batch: Vec<(Uuid, &RobotBuyer)> = untold.iter().take(BATCH).map(|(id, b)| (*id, b)).collect();
    let release = Release { robot_name: &robot.name, version: &version.version, notes: version.notes.as_deref() };
    let (queued, _) = email::buyer::queue_new_version(conn, tenant_id, &release, &batch).await?;
    Ok(if untold.len() > BATCH { Progress::More(queued) } else { Progress::Done(queued) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_message_id_per_buyer_and_version() {
        let (v1, v2, a, b) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        assert_eq!(message_id(v1, a), message_id(v1, a), "the same buyer and version: the same message");
        assert_ne!(message_id(v1, a), message_id(v1, b));
        assert_ne!(message_id(v1, a), message_id(v2, a));
    }

    #[test]
    fn buyers_are_counted_in_portuguese() {
        assert_eq!(buyers_pt(1), "1 comprador");
        assert_eq!(buyers_pt(3), "3 compradores");
    }
}
