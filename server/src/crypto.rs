//! The spec's encrypted `Payload` bodies (DESIGN §6): base64 of nonce ‖ ChaCha20-Poly1305
//! ciphertext of the JSON text, with the key from the configuration.

use anyhow::Context;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};

const NONCE_BYTES: usize = 12;

#[derive(Clone)]
pub struct PayloadCipher {
    cipher: ChaCha20Poly1305,
}

#[derive(Debug, thiserror::Error)]
#[error("Payload could not be decrypted")]
pub struct DecryptError;

impl PayloadCipher {
    pub fn from_hex(key_hex: &str) -> anyhow::Result<Self> {
        let key = hex::decode(key_hex).context("payload.key_hex is not hex")?;
        anyhow::ensure!(key.len() == 32, "payload.key_hex must be 64 hex characters (32 bytes)");
        Ok(Self { cipher: ChaCha20Poly1305::new(Key::from_slice(&key)) })
    }

    pub fn encrypt(&self, plaintext: &[u8]) -> String {
        let nonce = ChaCha20Poly1305::generate_nonce(&mut OsRng);
        self.encrypt_with_nonce(&nonce, plaintext)
    }

    /// With a given nonce: for test vectors only; a nonce must never be reused with one key.
    pub fn encrypt_with_nonce(&self, nonce: &Nonce, plaintext: &[u8]) -> String {
        let ciphertext = self.cipher.encrypt(nonce, plaintext).expect("encryption of an in-memory buffer cannot fail");
        let mut sealed = nonce.to_vec();
        sealed.extend_from_slice(&ciphertext);
        STANDARD.encode(sealed)
    }

    pub fn decrypt(&self, payload: &str) -> Result<Vec<u8>, DecryptError> {
        let sealed = STANDARD.decode(payload.trim()).map_err(|_| DecryptError)?;
        if sealed.len() < NONCE_BYTES + 16 {
            return Err(DecryptError);
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_BYTES);
        self.cipher.decrypt(Nonce::from_slice(nonce), ciphertext).map_err(|_| DecryptError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Vectors {
        key_hex: String,
        cases: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        nonce_hex: String,
        plaintext: String,
        payload: String,
    }

    fn vectors() -> Vectors {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../schemas/test-vectors/payload.json");
        let text = std::fs::read_to_string(path).expect("test vectors are in the repository");
        serde_json::from_str(&text).expect("test vectors are valid JSON")
    }

    #[test]
    fn test_vectors_encrypt_and_decrypt() {
        let vectors = vectors();
        let cipher = PayloadCipher::from_hex(&vectors.key_hex).expect("vector key is valid");
        for case in &vectors.cases {
            let nonce = hex::decode(&case.nonce_hex).expect("nonce is hex");
            assert_eq!(cipher.encrypt_with_nonce(Nonce::from_slice(&nonce), case.plaintext.as_bytes()), case.payload);
            assert_eq!(cipher.decrypt(&case.payload).expect("vector decrypts"), case.plaintext.as_bytes());
        }
    }

    #[test]
    fn tampered_payload_is_refused() {
        let cipher = PayloadCipher::from_hex(&vectors().key_hex).expect("vector key is valid");
        let sealed = cipher.encrypt(br#"{"a":1}"#);
        let mut bytes = STANDARD.decode(&sealed).expect("own output is base64");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert!(cipher.decrypt(&STANDARD.encode(bytes)).is_err());
        assert!(cipher.decrypt("not base64!").is_err());
        assert!(cipher.decrypt("").is_err());
    }

    /// Writes the vectors file: `cargo test -p server -- --ignored write_test_vectors`.
    #[test]
    #[ignore]
    fn write_test_vectors() {
        let key_hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        let cipher = PayloadCipher::from_hex(key_hex).expect("valid key");
        let plaintexts = [r#"{}"#, r#"{"success":true,"message":"ok","data":{"balance":1500.5}}"#, r#"{"nat":"Player A ♠","amount":100}"#];
        let cases: Vec<serde_json::Value> = plaintexts
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let nonce = [i as u8 + 1; 12];
                serde_json::json!({"nonce_hex": hex::encode(nonce), "plaintext": p, "payload": cipher.encrypt_with_nonce(Nonce::from_slice(&nonce), p.as_bytes())})
            })
            .collect();
        let text = serde_json::to_string_pretty(&serde_json::json!({"key_hex": key_hex, "cases": cases})).expect("json");
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/../schemas/test-vectors/payload.json"), text + "\n").expect("write vectors");
    }
}
