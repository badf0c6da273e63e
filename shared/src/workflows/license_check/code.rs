//! The codes a check answers with: what the robot's alerts key on, what its
//! user reads, and which of them a stranger is never told.

use serde::Serialize;

/// Machine-readable outcome; the robot's alerts key on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CheckCode {
    Ok,
    InvalidRequest,
    NotFound,
    Expired,
    Cancelled,
    Suspended,
    RobotInactive,
    TenantSuspended,
    AccountMismatch,
    RateLimited,
    /// The robot's policy wants the account confirmed in the client portal,
    /// and the license has none yet.
    NotConfirmed,
    /// Too many refused checks for this robot from this account or for this
    /// e-mail: someone is guessing.
    Throttled,
    /// A personal build the owner revoked after a leak (decision 0015).
    BuildRevoked,
    /// What a caller who is not the license's bound account hears, whatever
    /// the reason (unknown e-mail, bound to another account, account not yet
    /// confirmed): one code, one text listing what to check, so a stranger
    /// learns nothing about the buyer and the buyer learns what to fix.
    NotRecognized,
    /// The robot or the license refuses this kind of account (demo, contest).
    DemoRefused,
    /// A trial license on a real account, where the robot allows trials on demo only.
    TrialDemoOnly,
    /// The account's broker is not on the robot's list.
    BrokerNotAllowed,
    /// The running version was withdrawn by the seller.
    VersionWithdrawn,
    /// Every seat of the license is taken by other accounts (the caller
    /// hears `NOT_RECOGNIZED`; the owner's log says this).
    SeatsFull,
    /// The sale is disputed (a refund request or chargeback the seller
    /// contests): held until the dispute ends in the seller's favour.
    Disputed,
    /// A subscription charge is late and the owner chose to suspend: held
    /// until it is paid.
    PaymentOverdue,
}

impl CheckCode {
    pub const ALL: [CheckCode; 21] = [
        CheckCode::Ok,
        CheckCode::InvalidRequest,
        CheckCode::NotFound,
        CheckCode::Expired,
        CheckCode::Cancelled,
        CheckCode::Suspended,
        CheckCode::RobotInactive,
        CheckCode::TenantSuspended,
        CheckCode::AccountMismatch,
        CheckCode::RateLimited,
        CheckCode::NotConfirmed,
        CheckCode::Throttled,
        CheckCode::BuildRevoked,
        CheckCode::NotRecognized,
        CheckCode::DemoRefused,
        CheckCode::TrialDemoOnly,
        CheckCode::BrokerNotAllowed,
        CheckCode::VersionWithdrawn,
        CheckCode::SeatsFull,
        CheckCode::Disputed,
        CheckCode::PaymentOverdue,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CheckCode::Ok => "OK",
            CheckCode::InvalidRequest => "INVALID_REQUEST",
            CheckCode::NotFound => "NOT_FOUND",
            CheckCode::Expired => "EXPIRED",
            CheckCode::Cancelled => "CANCELLED",
            CheckCode::Suspended => "SUSPENDED",
            CheckCode::RobotInactive => "ROBOT_INACTIVE",
            CheckCode::TenantSuspended => "TENANT_SUSPENDED",
            CheckCode::AccountMismatch => "ACCOUNT_MISMATCH",
            CheckCode::RateLimited => "RATE_LIMITED",
            CheckCode::NotConfirmed => "NOT_CONFIRMED",
            CheckCode::Throttled => "THROTTLED",
            CheckCode::BuildRevoked => "BUILD_REVOKED",
            CheckCode::NotRecognized => "NOT_RECOGNIZED",
            CheckCode::DemoRefused => "DEMO_REFUSED",
            CheckCode::TrialDemoOnly => "TRIAL_DEMO_ONLY",
            CheckCode::BrokerNotAllowed => "BROKER_NOT_ALLOWED",
            CheckCode::VersionWithdrawn => "VERSION_WITHDRAWN",
            CheckCode::SeatsFull => "SEATS_FULL",
            CheckCode::Disputed => "DISPUTED",
            CheckCode::PaymentOverdue => "PAYMENT_OVERDUE",
        }
    }

    /// The code the robot is told. A stranger must not learn who bought:
    /// an unknown e-mail, a license bound to another account and one
    /// waiting for its account to be confirmed all answer `NOT_RECOGNIZED`
    /// (issue 34: `ACCOUNT_MISMATCH` told the buyer who mistyped an e-mail
    /// that their account was wrong); the check log keeps the real reason
    /// for the owner.
    pub fn answered(self) -> CheckCode {
        match self {
            CheckCode::NotFound | CheckCode::NotConfirmed | CheckCode::AccountMismatch | CheckCode::SeatsFull => {
                CheckCode::NotRecognized
            }
            other => other,
        }
    }

    /// Refusals that say "not now" rather than "not licensed": signed with
    /// a retry time the robot waits for (protocol v2 appends it to the
    /// signed string, docs/license-signature.md).
    pub fn is_retry_later(self) -> bool {
        matches!(self, CheckCode::RateLimited | CheckCode::Throttled)
    }

    /// What the robot's user reads (pt-BR).
    pub fn message(self) -> &'static str {
        match self {
            CheckCode::Ok => "Licença válida.",
            CheckCode::InvalidRequest => "Requisição inválida: informe email, mtAccount, robotId e tenantId.",
            CheckCode::NotFound => "Licença não encontrada para este e-mail e robô.",
            CheckCode::Expired => "Licença expirada.",
            CheckCode::Cancelled => "Licença cancelada.",
            CheckCode::Suspended => "Cliente suspenso. Fale com o vendedor.",
            CheckCode::RobotInactive => "Este robô está desativado.",
            CheckCode::TenantSuspended => "Loja suspensa. Fale com o vendedor.",
            CheckCode::AccountMismatch => {
                "Conta MT5 não autorizada para este e-mail e robô. Se você comprou este robô, confira o e-mail da \
                 compra e confirme o número da conta no portal do cliente."
            }
            CheckCode::RateLimited => "Muitas verificações. Aguarde um minuto.",
            CheckCode::NotConfirmed => "Confirme o número da conta no portal do cliente antes de usar o robô.",
            CheckCode::Throttled => "Muitas tentativas recusadas. Tente novamente em alguns minutos.",
            CheckCode::BuildRevoked => "Esta cópia do robô foi bloqueada pelo vendedor. Fale com o vendedor.",
            CheckCode::NotRecognized => {
                "Licença não reconhecida para este e-mail e esta conta MT5. Confira: o e-mail digitado no robô é \
                 exatamente o usado na compra; o número da conta MT5 está confirmado no portal do cliente; se todas \
                 as vagas da licença estão em uso, libere uma no portal do cliente."
            }
            CheckCode::DemoRefused => "Esta licença não aceita este tipo de conta (demo ou torneio). Use o robô em uma conta real.",
            CheckCode::TrialDemoOnly => {
                "Licença de teste: use o robô em uma conta demo. Para a conta real, compre a licença no portal do cliente."
            }
            CheckCode::BrokerNotAllowed => "Esta corretora não é autorizada para este robô.",
            CheckCode::VersionWithdrawn => {
                "Esta versão do robô foi retirada pelo vendedor. Baixe a versão mais recente no portal do cliente."
            }
            CheckCode::SeatsFull => {
                "Todas as vagas de conta desta licença estão em uso. Libere uma vaga no portal do cliente."
            }
            CheckCode::Disputed => {
                "Licença suspensa: há uma contestação de pagamento em aberto. Ela volta se a contestação for encerrada \
                 a favor do vendedor. Fale com o vendedor."
            }
            CheckCode::PaymentOverdue => {
                "Licença suspensa: o pagamento da assinatura está atrasado. Ela volta assim que o pagamento for \
                 confirmado."
            }
        }
    }
}
