//! Puts the active authentication template, rendered for one robot, into an
//! Expert Advisor's source. Shared by the inject endpoint, the `.mq5` import
//! and the AI factory's pipeline; the robot's signing key is read by the system on the caller's
//! behalf (no principal's role may read it) and leaves only inside the code.

use crate::domain::error::AppError;
use crate::domain::mql5::{self, InjectionValues, LapsePolicy};
use crate::domain::portal::domain_of_url;
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::db::{self, PgPool, Scope};
use crate::repositories::tenant_robots::TenantRobot;
use crate::repositories::{auth_template, tenant_robots, tenants};

pub struct Injected {
    pub source: String,
    /// The version of the authentication template used.
    pub template_version: String,
    /// The license protocol the injected check speaks (1, 2 or 3).
    pub protocol: u8,
    /// The tag this injection's robot sends as `versionTag` (protocol v3):
    /// the same line `#define RF_VERSION_TAG "<tag>"` is in `source`.
    pub version_tag: String,
}

/// A fresh tag per injection, so every build the server hands out can be
/// told apart by the checks it makes: 8 random bytes as 16 lower-case hex
/// characters.
fn new_version_tag() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

/// `source` with the license check wired in for `robot`; a source that
/// cannot take it is refused with a pt-BR reason (422).
pub async fn inject_for_robot(
    pool: &PgPool,
    secrets: &SecretBox,
    robot: &TenantRobot,
    source: &str,
    lapse_policy: LapsePolicy,
) -> Result<Injected, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(robot.tenant_id)).await?;
    let tenant = tenants::find(&mut tx, robot.tenant_id)
        .await?
        .ok_or_else(|| AppError::internal("the robot's tenant vanished"))?;
    let key = tenant_robots::signing_key(&mut tx, secrets, robot.tenant_id, robot.id)
        .await?
        .ok_or_else(|| AppError::internal("robot signing key unreadable (SECRETS_KEY changed?)"))?;
    let public_key = tenant_robots::ensure_key_pair(&mut tx, secrets, robot.tenant_id, robot.id)
        .await?
        .ok_or_else(|| AppError::internal("the robot vanished while injecting"))?;
    let template = auth_template::current(&mut tx)
        .await?
        .ok_or_else(|| AppError::internal("no authentication template (seeded at start-up)"))?;
    tx.commit().await?;

    let domain = domain_of_url(&tenant.url);
    let auth_url = format!("https://{domain}/api/webhooks/validate-license");
    let (tenant_id, robot_id) = (tenant.id.to_string(), robot.id.to_string());
    let version_tag = new_version_tag();
    let values = InjectionValues {
        auth_url: &auth_url,
        tenant_id: &tenant_id,
        tenant_domain: &domain,
        robot_id: &robot_id,
        signing_key: &key,
        public_key: &public_key,
        lapse_policy,
        version_tag: &version_tag,
    };
    let source =
        mql5::inject(source, &template.template_code, &values).map_err(|e| AppError::Unprocessable(e.to_string()))?;
    let protocol = mql5::protocol_of(&template.template_code);
    Ok(Injected { source, template_version: template.version, protocol, version_tag })
}

#[cfg(test)]
mod tests {
    use super::new_version_tag;

    #[test]
    fn version_tags_are_16_lower_hex_and_new_each_time() {
        let (a, b) = (new_version_tag(), new_version_tag());
        for tag in [&a, &b] {
            assert_eq!(tag.len(), 16, "{tag}");
            assert!(tag.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')), "{tag}");
        }
        assert_ne!(a, b);
    }
}
