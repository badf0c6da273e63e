//! Which network a caller's address belongs to, for every per-address limit
//! (license checks, logins, sign-in codes, password resets). Counting exact
//! addresses gives anyone holding an IPv6 /64 (the smallest block a home line
//! or a server gets, 2^64 addresses) an unlimited supply of callers, and
//! anyone with a few IPv4 addresses of one block a multiple of the limit. So
//! the limits count networks: an IPv6 address is its /64, always; an IPv4
//! address is itself by default (offices and mobile carriers put many people
//! behind one block, so wider grouping is the operator's choice), or its
//! `/v4_prefix` block where `RATE_LIMIT_IPV4_PREFIX` says so (24 groups a
//! /24). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack
//! socket reports for an IPv4 peer) is the IPv4 address it carries.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The prefix every IPv6 address is grouped by.
pub const IPV6_PREFIX: u8 = 64;
/// IPv4 prefixes an operator may choose: from one address (32) to a /8.
pub const IPV4_PREFIXES: std::ops::RangeInclusive<u8> = 8..=32;

/// A network a limit counts as one caller: its first address and prefix
/// length (`203.0.113.0/24`, `2001:db8:1:2::/64`, `198.51.100.7/32`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Network {
    pub base: IpAddr,
    pub prefix: u8,
}

/// The one place that decides the key of every per-address limit.
/// `v4_prefix` is clamped to [`IPV4_PREFIXES`].
pub fn rate_key(ip: IpAddr, v4_prefix: u8) -> Network {
    let v4 = |v4: Ipv4Addr| {
        let prefix = v4_prefix.clamp(*IPV4_PREFIXES.start(), *IPV4_PREFIXES.end());
        let mask = u32::MAX << (32 - u32::from(prefix));
        Network { base: IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask)), prefix }
    };
    match ip {
        IpAddr::V4(ip) => v4(ip),
        IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
            Some(mapped) => v4(mapped),
            None => {
                let mask = u128::MAX << (128 - u32::from(IPV6_PREFIX));
                Network { base: IpAddr::V6(Ipv6Addr::from(u128::from(ip) & mask)), prefix: IPV6_PREFIX }
            }
        },
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.base, self.prefix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ip: &str, v4_prefix: u8) -> String {
        rate_key(ip.parse().unwrap(), v4_prefix).to_string()
    }

    #[test]
    fn ipv4_is_one_address_by_default_and_its_block_when_configured() {
        assert_eq!(key("198.51.100.7", 32), "198.51.100.7/32");
        assert_eq!(key("198.51.100.7", 24), "198.51.100.0/24");
        assert_eq!(key("127.0.0.3", 24), key("127.0.0.1", 24));
        assert_ne!(key("127.0.1.1", 24), key("127.0.0.1", 24));
        assert_eq!(key("10.200.3.4", 16), "10.200.0.0/16");
    }

    #[test]
    fn ipv6_is_always_its_64() {
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 32), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2::1", 24), key("2001:db8:1:2:ffff::9", 32));
        assert_ne!(key("2001:db8:1:3::1", 32), key("2001:db8:1:2::1", 32));
        assert_eq!(key("::1", 32), "::/64");
    }

    #[test]
    fn an_ipv4_mapped_address_is_its_ipv4_address() {
        assert_eq!(key("::ffff:198.51.100.7", 32), "198.51.100.7/32");
        assert_eq!(key("::ffff:127.0.0.2", 24), key("127.0.0.1", 24));
    }

    #[test]
    fn a_prefix_out_of_range_is_clamped() {
        assert_eq!(key("198.51.100.7", 40), "198.51.100.7/32");
        assert_eq!(key("198.51.100.7", 0), "198.0.0.0/8");
    }
}
