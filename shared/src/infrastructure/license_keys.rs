//! Protocol v2 keys (docs/license-signature.md): every robot has an Ed25519
//! key pair. The private half (its 32-byte seed) is sealed with SECRETS_KEY
//! like every other secret and is read only by the license check, which
//! signs with it; the public half is what the `.ex5` carries, so pulling it
//! out of a robot lets nobody sign an answer.

use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair, UnparsedPublicKey, ED25519};

use crate::infrastructure::crypto::SecretBox;

/// A new key pair: the sealed seed for the database and the public key as
/// 64 lower-case hex characters.
pub struct NewKeyPair {
    pub sealed_private_key: String,
    pub public_key: String,
}

pub fn generate(secrets: &SecretBox) -> NewKeyPair {
    let seed: [u8; 32] = rand::random();
    let pair = Ed25519KeyPair::from_seed_unchecked(&seed).expect("any 32 bytes are an Ed25519 seed");
    NewKeyPair {
        sealed_private_key: secrets.seal(&hex::encode(seed)),
        public_key: hex::encode(pair.public_key().as_ref()),
    }
}

/// A robot's signer, opened once from its sealed seed (None when the seal
/// cannot be opened: SECRETS_KEY changed).
pub struct AnswerSigner(Ed25519KeyPair);

impl AnswerSigner {
    pub fn open(secrets: &SecretBox, sealed_private_key: &str) -> Option<Self> {
        let seed = hex::decode(secrets.open(sealed_private_key)?).ok()?;
        Ed25519KeyPair::from_seed_unchecked(&seed).ok().map(Self)
    }

    /// The 64-byte signature of `message`'s UTF-8 as 128 lower-case hex characters.
    pub fn sign(&self, message: &str) -> String {
        hex::encode(self.0.sign(message.as_bytes()).as_ref())
    }

    pub fn public_key(&self) -> String {
        hex::encode(self.0.public_key().as_ref())
    }
}

impl std::fmt::Debug for AnswerSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnswerSigner({})", self.public_key())
    }
}

/// Whether `signature_hex` is `public_key_hex`'s signature of `message`
/// (what the robot's template does, for tests and tools).
pub fn verify(public_key_hex: &str, message: &str, signature_hex: &str) -> bool {
    let (Ok(public_key), Ok(signature)) = (hex::decode(public_key_hex), hex::decode(signature_hex)) else {
        return false;
    };
    UnparsedPublicKey::new(&ED25519, public_key).verify(message.as_bytes(), &signature).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_8032_test_1_signature() {
        // RFC 8032 section 7.1, TEST 1 (empty message).
        let secrets = SecretBox::derived_from("test");
        let seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
        let signer = AnswerSigner::open(&secrets, &secrets.seal(seed)).unwrap();
        assert_eq!(signer.public_key(), "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
        let signature = signer.sign("");
        assert_eq!(
            signature,
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        );
        assert!(verify(&signer.public_key(), "", &signature));
        assert!(!verify(&signer.public_key(), "x", &signature));
    }

    #[test]
    fn generated_pairs_sign_and_verify_and_differ() {
        let secrets = SecretBox::derived_from("test");
        let (a, b) = (generate(&secrets), generate(&secrets));
        assert_ne!(a.public_key, b.public_key);
        assert!(!a.sealed_private_key.contains(&a.public_key));
        let signer = AnswerSigner::open(&secrets, &a.sealed_private_key).unwrap();
        assert_eq!(signer.public_key(), a.public_key);
        let signature = signer.sign("v2|n|1|OK|0|1|r|2|86400");
        assert!(verify(&a.public_key, "v2|n|1|OK|0|1|r|2|86400", &signature));
        assert!(!verify(&b.public_key, "v2|n|1|OK|0|1|r|2|86400", &signature));
        assert!(AnswerSigner::open(&SecretBox::derived_from("other"), &a.sealed_private_key).is_none());
    }
}
