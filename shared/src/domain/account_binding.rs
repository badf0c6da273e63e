//! How often a client may move a license to another MetaTrader account
//! (DESIGN 6): a number of changes per period and a cooldown between two,
//! set per tenant (`tenants.settings`) with these defaults. The first binding
//! is free; owners and the admin rebind without limit.

use chrono::{DateTime, Duration, Utc};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RebindPolicy {
    pub changes_per_period: i64,
    pub period_days: i64,
    pub cooldown_hours: i64,
}

impl Default for RebindPolicy {
    fn default() -> Self {
        Self { changes_per_period: 3, period_days: 30, cooldown_hours: 24 }
    }
}

impl RebindPolicy {
    /// The tenant's policy: `settings.accountChangesPerPeriod`,
    /// `accountChangePeriodDays`, `accountChangeCooldownHours` (sane bounds).
    pub fn of_settings(settings: &Value) -> Self {
        let default = Self::default();
        let read = |key: &str, fallback: i64, max: i64| {
            settings.get(key).and_then(Value::as_i64).filter(|v| (0..=max).contains(v)).unwrap_or(fallback)
        };
        Self {
            changes_per_period: read("accountChangesPerPeriod", default.changes_per_period, 100),
            period_days: read("accountChangePeriodDays", default.period_days, 365).max(1),
            cooldown_hours: read("accountChangeCooldownHours", default.cooldown_hours, 24 * 90),
        }
    }

    pub fn period_start(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - Duration::days(self.period_days)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RebindRefusal {
    /// The period's changes are used up.
    Limit { changes: i64, period_days: i64 },
    /// Too soon after the last change; allowed again at this time.
    Cooldown { until: DateTime<Utc> },
}

impl RebindRefusal {
    pub fn message(&self) -> String {
        match self {
            RebindRefusal::Limit { changes, period_days } => format!(
                "Limite de trocas de conta atingido: {changes} troca(s) a cada {period_days} dias. \
                 Fale com o suporte se precisar de outra troca."
            ),
            RebindRefusal::Cooldown { until } => format!(
                "Você trocou de conta há pouco. Uma nova troca estará disponível em {} (horário de Brasília).",
                (*until - Duration::hours(3)).format("%d/%m/%Y às %H:%M")
            ),
        }
    }
}

/// Whether one more change is allowed, given the changes made since the
/// period started and when the last one was.
pub fn check(
    policy: RebindPolicy,
    changes_in_period: i64,
    last_change: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), RebindRefusal> {
    if changes_in_period >= policy.changes_per_period {
        return Err(RebindRefusal::Limit { changes: policy.changes_per_period, period_days: policy.period_days });
    }
    if let Some(last) = last_change {
        let until = last + Duration::hours(policy.cooldown_hours);
        if now < until {
            return Err(RebindRefusal::Cooldown { until });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn limits_and_cooldown_refuse_with_the_time_it_opens_again() {
        let policy = RebindPolicy::default();
        let now = Utc::now();
        assert_eq!(check(policy, 0, None, now), Ok(()));
        assert_eq!(check(policy, 2, Some(now - Duration::hours(25)), now), Ok(()));
        assert!(matches!(check(policy, 3, None, now), Err(RebindRefusal::Limit { changes: 3, period_days: 30 })));
        let refusal = check(policy, 1, Some(now - Duration::hours(1)), now).unwrap_err();
        assert_eq!(refusal, RebindRefusal::Cooldown { until: now + Duration::hours(23) });
        assert!(refusal.message().contains("horário de Brasília"));
    }

    #[test]
    fn tenants_set_their_own_policy_within_bounds() {
        let p = RebindPolicy::of_settings(&json!({"accountChangesPerPeriod": 1, "accountChangeCooldownHours": 0}));
        assert_eq!(p, RebindPolicy { changes_per_period: 1, period_days: 30, cooldown_hours: 0 });
        assert_eq!(RebindPolicy::of_settings(&json!({"accountChangesPerPeriod": -5})), RebindPolicy::default());
    }
}
