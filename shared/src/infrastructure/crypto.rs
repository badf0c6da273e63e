//! Secrets we must send onward (a tenant's Resend API key, a robot's license
//! signing key) are stored encrypted: AES-256-GCM under `SECRETS_KEY`, a
//! fresh random nonce per value. A leaked database dump alone reveals none.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use rand::RngCore;

use crate::infrastructure::secrets::sha256;

fn sha256_bytes(bytes: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).to_vec()
}

const VERSION: &str = "v1:";

#[derive(Clone)]
pub struct SecretBox {
    key: [u8; 32],
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

impl SecretBox {
    /// A key given as 64 hex characters.
    pub fn from_hex(hex_key: &str) -> Option<Self> {
        let bytes = hex::decode(hex_key.trim()).ok()?;
        Some(Self { key: bytes.try_into().ok()? })
    }

    /// A key derived from another secret (local setups without SECRETS_KEY).
    pub fn derived_from(seed: &str) -> Self {
        let digest = sha256(&format!("roboforge-secrets|{seed}"));
        let mut key = [0u8; 32];
        key.copy_from_slice(&digest);
        Self { key }
    }

    /// `v1:` + hex(nonce ‖ ciphertext ‖ tag).
    pub fn seal(&self, plaintext: &str) -> String {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let cipher = Aes256Gcm::new(&Key::<Aes256Gcm>::from(self.key));
        let sealed = cipher.encrypt(&Nonce::from(nonce), plaintext.as_bytes()).expect("AES-GCM encryption");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{VERSION}{}", hex::encode(out))
    }

    /// An unforgeable tag of `data` for one `purpose` (HMAC-SHA256 under a
    /// key derived from this box's key and the purpose), 64 hex characters:
    /// for tokens the server hands out and must recognise later without
    /// storing them (device cookies).
    pub fn tag(&self, purpose: &str, data: &str) -> String {
        use hmac::{Hmac, KeyInit as _, Mac};
        let mut derived = self.key.to_vec();
        derived.extend_from_slice(purpose.as_bytes());
        let mut mac = <Hmac<sha2::Sha256>>::new_from_slice(&sha256_bytes(&derived)).expect("any key length");
        mac.update(data.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// The plaintext, or None when the value was not sealed with this key.
    pub fn open(&self, sealed: &str) -> Option<String> {
        let bytes = hex::decode(sealed.strip_prefix(VERSION)?).ok()?;
        if bytes.len() < 12 + 16 {
            return None;
        }
        let (nonce, ciphertext) = bytes.split_at(12);
        let cipher = Aes256Gcm::new(&Key::<Aes256Gcm>::from(self.key));
        let nonce: [u8; 12] = nonce.try_into().ok()?;
        let plain = cipher.decrypt(&Nonce::from(nonce), ciphertext).ok()?;
        String::from_utf8(plain).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_fresh_nonces_and_wrong_key_refused() {
        let a = SecretBox::derived_from("a");
        let sealed = a.seal("re_123_secret");
        assert!(!sealed.contains("re_123"));
        assert_ne!(sealed, a.seal("re_123_secret"), "nonce must differ per value");
        assert_eq!(a.open(&sealed).as_deref(), Some("re_123_secret"));
        assert_eq!(SecretBox::derived_from("b").open(&sealed), None);
        assert_eq!(a.open("v1:00"), None);
        assert_eq!(a.open("plain"), None);
        let k = SecretBox::from_hex(&"ab".repeat(32)).unwrap();
        assert_eq!(k.open(&k.seal("x")).as_deref(), Some("x"));
        assert!(SecretBox::from_hex("abc").is_none());
    }
}
