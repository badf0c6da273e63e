//! The e-mails a buyer receives (a processed sale's, or the welcome an owner
//! sends again from the client's page), queued in the caller's transaction.
//! The answer is the first reason a message will not arrive (a limit, a
//! suspension, no sender configured): the caller tells the owner instead of
//! saying the mail went out.

use std::collections::BTreeMap;

use uuid::Uuid;

use crate::domain::error::AppError;
use crate::domain::money::format_brl;
use crate::infrastructure::db::Tx;
use crate::repositories::robot_buyers::RobotBuyer;
use crate::workflows::email::{self, BuyerEmail, EmailTemplate, Undelivered};

pub async fn queue(tx: &mut Tx, tenant_id: Uuid, emails: &[BuyerEmail]) -> Result<Option<Undelivered>, AppError> {
    if emails.is_empty() {
        return Ok(None);
    }
    let mut first_refusal = None;
    let tenant = TenantFacts::load(tx, tenant_id).await?;
    for message in emails {
        let (template, to, mut vars) = match message {
            BuyerEmail::Welcome { email, name, purchase_id, robot_id, .. } => {
                let robot = match robot_id {
                    Some(id) => TenantFacts::robot_name(tx, tenant_id, *id).await?,
                    None => String::new(),
                };
                let vars = BTreeMap::from([
                    ("clientName".to_string(), name.clone()),
                    ("robotName".to_string(), robot),
                    ("email".to_string(), email.clone()),
                    ("purchaseId".to_string(), purchase_id.clone()),
                    ("downloadUrl".to_string(), tenant.portal_url.clone()),
                ]);
                (EmailTemplate::Welcome, email, vars)
            }
            BuyerEmail::SaleConfirmation { email, name, purchase_id, amount, robot_id, .. } => {
                let robot = match robot_id {
                    Some(id) => TenantFacts::robot_name(tx, tenant_id, *id).await?,
                    None => String::new(),
                };
                let vars = BTreeMap::from([
                    ("clientName".to_string(), name.clone()),
                    ("robotName".to_string(), robot),
                    ("transactionId".to_string(), purchase_id.clone()),
                    ("amount".to_string(), amount.map(format_brl).unwrap_or_default()),
                ]);
                (EmailTemplate::SaleConfirmation, email, vars)
            }
            BuyerEmail::SubscriptionConfirmation { email, name, amount, recurrence, next_charge, .. } => {
                let vars = BTreeMap::from([
                    ("clientName".to_string(), name.clone()),
                    ("amount".to_string(), format_brl(*amount)),
                    ("recurrence".to_string(), recurrence_pt(recurrence).to_string()),
                    (
                        "nextChargeDate".to_string(),
                        next_charge.map(|d| d.format("%d/%m/%Y").to_string()).unwrap_or_default(),
                    ),
                ]);
                (EmailTemplate::SubscriptionConfirmation, email, vars)
            }
            BuyerEmail::LicenseEnding { email, name, robot_id, ends_at, .. } => {
                let robot = match robot_id {
                    Some(id) => TenantFacts::robot_name(tx, tenant_id, *id).await?,
                    None => String::new(),
                };
                let vars = BTreeMap::from([
                    ("clientName".to_string(), name.clone()),
                    ("robotName".to_string(), robot),
                    ("expirationDate".to_string(), sao_paulo_day(*ends_at)),
                    ("portalUrl".to_string(), tenant.portal_url.clone()),
                ]);
                (EmailTemplate::LicenseEnding, email, vars)
            }
        };
        vars.insert("tenantName".into(), tenant.name.clone());
        vars.insert("contactEmail".into(), tenant.contact_email.clone());
        let queued = email::queue(tx, tenant_id, template, to, &vars).await?;
        first_refusal = first_refusal.or(queued.undelivered());
    }
    Ok(first_refusal)
}

/// What a "Nova versão" e-mail says of the version.
pub struct Release<'a> {
    pub robot_name: &'a str,
    pub version: &'a str,
    /// The version's notes (the changelog buyers see next to the download).
    pub notes: Option<&'a str>,
}

/// Queues the "Nova versão" e-mail to each buyer under the id given with it
/// (one per buyer and version, `version_announcement::message_id`): a buyer
/// already told is skipped. Returns how many were queued now and the first
/// reason one will not arrive.
pub async fn queue_new_version(
    conn: &mut sqlx::PgConnection,
    tenant_id: Uuid,
    release: &Release<'_>,
    buyers: &[(Uuid, &RobotBuyer)],
) -> Result<(usize, Option<Undelivered>), AppError> {
    let tenant = TenantFacts::load(conn, tenant_id).await?;
    let (mut queued, mut first_refusal) = (0, None);
    for (id, buyer) in buyers {
        let vars = BTreeMap::from([
            ("tenantName".to_string(), tenant.name.clone()),
            ("contactEmail".to_string(), tenant.contact_email.clone()),
            ("clientName".to_string(), buyer.name.clone()),
            ("robotName".to_string(), release.robot_name.to_string()),
            ("version".to_string(), release.version.to_string()),
            ("releaseNotes".to_string(), release.notes.unwrap_or_default().trim().to_string()),
            ("portalUrl".to_string(), tenant.portal_url.clone()),
        ]);
        if let Some(message) =
            email::queue_once(conn, *id, tenant_id, EmailTemplate::NewVersion, &buyer.email, &vars).await?
        {
            queued += 1;
            first_refusal = first_refusal.or(message.undelivered());
        }
    }
    Ok((queued, first_refusal))
}

struct TenantFacts {
    name: String,
    contact_email: String,
    portal_url: String,
}

impl TenantFacts {
    async fn load(tx: &mut sqlx::PgConnection, tenant_id: Uuid) -> Result<Self, AppError> {
        let (name, url, contact) = crate::repositories::tenants::buyer_mail_facts(tx, tenant_id).await?;
        let domain = crate::domain::portal::domain_of_url(&url);
        Ok(Self { name, contact_email: contact.unwrap_or_default(), portal_url: format!("https://{domain}/login") })
    }

    async fn robot_name(tx: &mut Tx, tenant_id: Uuid, robot_id: Uuid) -> Result<String, AppError> {
        Ok(crate::repositories::tenant_robots::find(tx, tenant_id, robot_id).await?.map(|r| r.name).unwrap_or_default())
    }
}

/// The day an instant falls on for a buyer in Brazil (UTC−3 all year since
/// 2019): a license ending at 23:59 in São Paulo ends that day, not the next.
fn sao_paulo_day(at: chrono::DateTime<chrono::Utc>) -> String {
    let brasilia = chrono::FixedOffset::west_opt(3 * 3600).expect("valid offset");
    at.with_timezone(&brasilia).format("%d/%m/%Y").to_string()
}

/// `tenant_subscriptions.recurrence` as the buyer reads it.
fn recurrence_pt(recurrence: &str) -> &'static str {
    match recurrence {
        "quarterly" => "trimestral",
        "semiannual" => "semestral",
        "annual" => "anual",
        _ => "mensal",
    }
}
