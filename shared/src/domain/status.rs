//! The closed sets of values the data model stores as text (each mirrors a
//! CHECK constraint of the migrations). Enums, not strings, so a typo does not
//! compile, and the OpenAPI document (hence the web's types) gets unions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, sqlx::Type, Serialize, Deserialize, ToSchema)]
        #[sqlx(type_name = "text", rename_all = "snake_case")]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }
    };
}

text_enum!(
    /// `compilation_jobs.status`
    CompileStatus { Pending, Processing, Completed, Failed }
);

/// `compilation_jobs.source`: where the compiled code came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum CompileSource {
    #[serde(rename = "import")]
    Import,
    #[serde(rename = "ai-factory")]
    AiFactory,
}

impl CompileSource {
    pub fn as_str(self) -> &'static str {
        match self {
            CompileSource::Import => "import",
            CompileSource::AiFactory => "ai-factory",
        }
    }
}

impl CompileStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CompileStatus::Pending => "pending",
            CompileStatus::Processing => "processing",
            CompileStatus::Completed => "completed",
            CompileStatus::Failed => "failed",
        }
    }
}

text_enum!(
    /// `tenants.status`
    TenantStatus { Active, Inactive, Suspended }
);
text_enum!(
    /// `tenant_clients.status`
    ClientStatus { Active, Inactive, Suspended }
);
text_enum!(
    /// `tenant_owners.role`
    OwnerRole { Admin, Support, Financial }
);
text_enum!(
    /// `tenant_sales.status`
    SaleStatus { Confirmed, Pending, Refunded }
);
text_enum!(
    /// `tenant_subscriptions.status`
    SubscriptionStatus { Active, Cancelled, Pending, Expired }
);
text_enum!(
    /// `tenant_client_robots.status` (a license)
    LicenseStatus { Active, Expired, Cancelled, Trial }
);
text_enum!(
    /// `tenant_client_robots.hold`: why a license is held without ending
    /// (its sale is disputed; its subscription's charge is late).
    LicenseHold { Dispute, PaymentLate }
);
text_enum!(
    /// `tenant_robots.late_payment`: what a late subscription charge does.
    LatePayment { Keep, Suspend }
);
text_enum!(
    /// Where a sale or subscription came from.
    Origin { Hotmart, Kiwify, Eduzz, Asaas, Manual }
);
text_enum!(
    /// `tenant_sales.payment_method`: how a manual sale was paid.
    PaymentMethod { Pix, Transferencia, Outro }
);

impl PaymentMethod {
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "pix" => Some(PaymentMethod::Pix),
            "transferencia" => Some(PaymentMethod::Transferencia),
            "outro" => Some(PaymentMethod::Outro),
            _ => None,
        }
    }

    /// As the owner and the buyer read it.
    pub fn label(self) -> &'static str {
        match self {
            PaymentMethod::Pix => "PIX",
            PaymentMethod::Transferencia => "transferência",
            PaymentMethod::Outro => "outro meio",
        }
    }
}
text_enum!(
    /// `tenant_subscriptions.recurrence`
    Recurrence { Monthly, Quarterly, Semiannual, Annual }
);
