//! A per-address limit kept in this process (fixed one-minute windows). Used
//! where a database round trip per request would cost more than the work it
//! protects (the license check). It counts networks, not addresses
//! (`domain::network::rate_key`: an IPv6 /64, an IPv4 address or block), so
//! a /64 is one caller. With N api instances behind a balancer a network
//! gets up to N times the limit; the limit is about floods, not exact quotas.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use shared::domain::network::Network;

pub struct PerIpLimit {
    per_minute: u32,
    windows: Mutex<HashMap<Network, (u64, u32)>>,
}

impl PerIpLimit {
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute, windows: Mutex::new(HashMap::new()) }
    }

    /// Counts one request from `network`; false when it is over the limit.
    pub fn allow(&self, network: Option<Network>) -> bool {
        self.wait(network).is_none()
    }

    /// Counts one request from `network`; when it is over the limit, the
    /// seconds until its window ends (what a caller should wait).
    pub fn wait(&self, network: Option<Network>) -> Option<u64> {
        let network = network?;
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let minute = now / 60;
        let mut windows = self.windows.lock().expect("rate limit map");
        if windows.len() > 100_000 {
            windows.retain(|_, (m, _)| *m == minute);
        }
        let entry = windows.entry(network).or_insert((minute, 0));
        if entry.0 != minute {
            *entry = (minute, 0);
        }
        entry.1 += 1;
        (entry.1 > self.per_minute).then(|| 60 - now % 60)
    }
}

#[cfg(test)]
mod tests {
    use shared::domain::network::rate_key;

    use super::*;

    fn from(ip: &str, v4_prefix: u8) -> Option<Network> {
        Some(rate_key(ip.parse().unwrap(), v4_prefix))
    }

    #[test]
    fn counts_per_network() {
        let limit = PerIpLimit::new(2);
        let (a, b) = (from("10.0.0.1", 32), from("10.0.0.2", 32));
        assert!(limit.allow(a) && limit.allow(a));
        assert!(!limit.allow(a));
        assert!(limit.allow(b));
        let limit = PerIpLimit::new(2);
        assert!(limit.allow(from("2001:db8::1", 32)) && limit.allow(from("2001:db8::2:3", 32)));
        assert!(!limit.allow(from("2001:db8::ffff", 32)), "one /64");
        assert!(limit.allow(from("10.0.0.1", 24)) && limit.allow(from("10.0.0.9", 24)));
        assert!(!limit.allow(from("10.0.0.200", 24)), "one /24 when configured");
    }
}
