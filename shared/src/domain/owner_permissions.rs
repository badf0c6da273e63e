//! What each owner role may do in its tenant (docs/owner-roles.md). The api
//! asks [`allows`] at the top of every tenant handler; the database repeats
//! the rule for the writes whose policy lives there (migration 25).
//!
//! - admin: everything in the tenant;
//! - support (Suporte): clients, licenses and installations, resets, e-mail to
//!   clients; robots only to read (to pick one for a license); no settings,
//!   e-mail credentials, templates, robot changes, sales, subscriptions,
//!   dashboards or team;
//! - financial (Financeiro): sales, subscriptions and dashboards; read-only
//!   elsewhere (never e-mail credentials or the team).

use crate::domain::status::OwnerRole;

/// One thing an owner can be allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    /// The dashboard and its numbers (revenue included).
    ViewDashboard,
    ViewClients,
    /// Create, edit, reset the password of, and e-mail clients.
    ManageClients,
    ViewLicenses,
    /// Create, edit, switch accounts, free installations.
    ManageLicenses,
    ViewRobots,
    /// Robots, versions, imports, sales pages, license policy, the factory.
    ManageRobots,
    ViewSales,
    /// Sales and subscriptions.
    ManageSales,
    ViewSettings,
    /// Branding, e-mail credentials and templates, integrations, storage.
    ManageSettings,
    /// Owners of the tenant, the security key.
    ManageTeam,
    /// Export a client's data and erase them (LGPD): irreversible, so the
    /// tenant's administrators only.
    EraseClients,
}

pub fn allows(role: OwnerRole, capability: Capability) -> bool {
    use Capability::*;
    match role {
        OwnerRole::Admin => true,
        OwnerRole::Support => {
            matches!(capability, ViewClients | ManageClients | ViewLicenses | ManageLicenses | ViewRobots)
        }
        OwnerRole::Financial => matches!(
            capability,
            ViewDashboard | ViewClients | ViewLicenses | ViewRobots | ViewSales | ManageSales | ViewSettings
        ),
    }
}

/// The pt-BR name of a role, for messages.
pub fn role_label(role: OwnerRole) -> &'static str {
    match role {
        OwnerRole::Admin => "Administrador",
        OwnerRole::Support => "Suporte",
        OwnerRole::Financial => "Financeiro",
    }
}

/// Why a role was refused (403).
pub fn refusal(role: OwnerRole) -> String {
    format!("Seu perfil ({}) não permite esta ação. Peça a um administrador da conta.", role_label(role))
}

#[cfg(test)]
mod tests {
    use super::Capability::*;
    use super::*;

    #[test]
    fn support_handles_clients_and_licenses_and_nothing_of_money_settings_or_robots() {
        for allowed in [ViewClients, ManageClients, ViewLicenses, ManageLicenses, ViewRobots] {
            assert!(allows(OwnerRole::Support, allowed), "{allowed:?}");
        }
        for refused in [ViewDashboard, ManageRobots, ViewSales, ManageSales, ViewSettings, ManageSettings, ManageTeam] {
            assert!(!allows(OwnerRole::Support, refused), "{refused:?}");
        }
    }

    #[test]
    fn financial_handles_money_and_only_reads_the_rest() {
        for allowed in [ViewDashboard, ViewSales, ManageSales, ViewClients, ViewLicenses, ViewRobots, ViewSettings] {
            assert!(allows(OwnerRole::Financial, allowed), "{allowed:?}");
        }
        for refused in [ManageClients, ManageLicenses, ManageRobots, ManageSettings, ManageTeam] {
            assert!(!allows(OwnerRole::Financial, refused), "{refused:?}");
        }
    }
}
