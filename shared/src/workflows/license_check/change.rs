//! What a change to licensing facts invalidates in the instances' caches,
//! as the triggers announce it on `roboforge_license_cache` (migration 50).
//! The narrower the change, the fewer cached answers go: a sale a minute in
//! a tenant of 10,000 buyers must not send every one of them back to the
//! database (issue 38).
//!
//! Payloads: a bare tenant id is a tenant-wide change (suspension, the
//! tenant's URL, anything unreadable); otherwise a JSON object naming the
//! tenant and what changed in it.

use serde::Deserialize;
use uuid::Uuid;

/// The cached answers one change makes stale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LicenseChange {
    /// Everything of the tenant.
    Tenant(Uuid),
    /// Every answer about one robot (its keys, status, versions, policy).
    Robot { tenant: Uuid, robot: Uuid },
    /// One buyer's answers about one robot (a license, its seats or builds).
    Buyer { tenant: Uuid, robot: Uuid, client: Uuid },
    /// One buyer's answers about every robot, and any answer cached for
    /// these e-mails while no client had them (a client created, renamed,
    /// suspended or erased).
    Client { tenant: Uuid, client: Uuid, emails: Vec<String> },
}

#[derive(Deserialize)]
struct Payload {
    tenant: Uuid,
    robot: Option<Uuid>,
    client: Option<Uuid>,
    #[serde(default)]
    emails: Vec<Option<String>>,
}

impl LicenseChange {
    /// None for a payload no trigger sends: the caller drops everything then.
    pub fn parse(payload: &str) -> Option<Self> {
        if let Ok(tenant) = Uuid::parse_str(payload) {
            return Some(Self::Tenant(tenant));
        }
        let p: Payload = serde_json::from_str(payload).ok()?;
        Some(match (p.robot, p.client) {
            (None, None) => Self::Tenant(p.tenant),
            (Some(robot), None) => Self::Robot { tenant: p.tenant, robot },
            (Some(robot), Some(client)) => Self::Buyer { tenant: p.tenant, robot, client },
            (None, Some(client)) => Self::Client {
                tenant: p.tenant,
                client,
                emails: p.emails.into_iter().flatten().map(|e| e.to_lowercase()).collect(),
            },
        })
    }

    pub fn tenant(&self) -> Uuid {
        match self {
            Self::Tenant(tenant)
            | Self::Robot { tenant, .. }
            | Self::Buyer { tenant, .. }
            | Self::Client { tenant, .. } => *tenant,
        }
    }

    /// For the metrics: how wide the change was.
    pub fn scope(&self) -> &'static str {
        match self {
            Self::Tenant(_) => "tenant",
            Self::Robot { .. } => "robot",
            Self::Buyer { .. } => "buyer",
            Self::Client { .. } => "client",
        }
    }

    /// Whether an answer cached for (`tenant`, `robot`, `identity`: the
    /// cache key's e-mail or build, then a tab and the version tag) about
    /// `client` is stale after this change.
    pub fn affects(&self, tenant: Uuid, robot: Uuid, identity: &str, client: Option<Uuid>) -> bool {
        if tenant != self.tenant() {
            return false;
        }
        match self {
            Self::Tenant(_) => true,
            Self::Robot { robot: changed, .. } => robot == *changed,
            Self::Buyer { robot: changed, client: buyer, .. } => robot == *changed && client == Some(*buyer),
            Self::Client { client: buyer, emails, .. } => {
                let email = identity.split('\t').next().unwrap_or(identity);
                client == Some(*buyer) || emails.iter().any(|e| e == email)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Uuid = Uuid::from_u128(1);
    const R: Uuid = Uuid::from_u128(2);
    const C: Uuid = Uuid::from_u128(3);

    #[test]
    fn payloads_read_as_the_narrowest_change_they_name() {
        assert_eq!(LicenseChange::parse(&T.to_string()), Some(LicenseChange::Tenant(T)));
        assert_eq!(
            LicenseChange::parse(&format!(r#"{{"tenant":"{T}","robot":"{R}"}}"#)),
            Some(LicenseChange::Robot { tenant: T, robot: R })
        );
        assert_eq!(
            LicenseChange::parse(&format!(r#"{{"tenant":"{T}","robot":"{R}","client":"{C}"}}"#)),
            Some(LicenseChange::Buyer { tenant: T, robot: R, client: C })
        );
        assert_eq!(
            LicenseChange::parse(&format!(r#"{{"tenant":"{T}","client":"{C}","emails":["Ana@X.com",null]}}"#)),
            Some(LicenseChange::Client { tenant: T, client: C, emails: vec!["ana@x.com".into()] })
        );
        assert_eq!(LicenseChange::parse("not a change"), None);
    }

    #[test]
    fn a_change_affects_only_the_answers_it_could_alter() {
        let other = Uuid::from_u128(9);
        let buyer = LicenseChange::Buyer { tenant: T, robot: R, client: C };
        assert!(buyer.affects(T, R, "ana@x.com", Some(C)));
        assert!(!buyer.affects(T, R, "bia@x.com", Some(other)), "another buyer of the robot keeps hers");
        assert!(!buyer.affects(T, other, "ana@x.com", Some(C)), "the buyer's other robots keep theirs");
        assert!(!buyer.affects(other, R, "ana@x.com", Some(C)), "another tenant is never touched");

        let client = LicenseChange::Client { tenant: T, client: C, emails: vec!["nova@x.com".into()] };
        assert!(client.affects(T, other, "ana@x.com\t0123456789abcdef", Some(C)));
        assert!(
            client.affects(T, R, "nova@x.com\t0123456789abcdef", None),
            "an answer cached while no client had the e-mail"
        );
        assert!(!client.affects(T, R, "bia@x.com", None));

        assert!(LicenseChange::Robot { tenant: T, robot: R }.affects(T, R, "bia@x.com", None));
        assert!(LicenseChange::Tenant(T).affects(T, other, "x", None));
    }
}
