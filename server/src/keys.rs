//! The keys of an installation: the Payload key (ChaCha20-Poly1305 of the spec's
//! encrypted bodies) and the sealing key of credentials at rest (TOTP secrets). Nothing is
//! committed: on the first start of a data directory each is drawn at random and kept in
//! `{data_dir}/keys/{name}.hex` (directory 0700, file 0600), and every later start reads it
//! back. The configuration (`payload.key_hex`, `auth.secret_key_hex`, or their `APP_…`
//! variables) overrides the file, for installations that keep keys in a secret store.

use anyhow::{bail, Context};
use rand::RngCore;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

pub struct Keys {
    pub payload_hex: String,
    pub secret_hex: String,
}

/// The keys for `data_dir`: configured ones as given, the others from their files, made on
/// the first start.
pub fn load_or_create(data_dir: &Path, payload: Option<&str>, secret: Option<&str>) -> anyhow::Result<Keys> {
    Ok(Keys { payload_hex: key(data_dir, "payload", payload)?, secret_hex: key(data_dir, "secret", secret)? })
}

pub fn key_file(data_dir: &Path, name: &str) -> PathBuf {
    data_dir.join("keys").join(format!("{name}.hex"))
}

fn key(data_dir: &Path, name: &str, configured: Option<&str>) -> anyhow::Result<String> {
    if let Some(hex) = configured.filter(|h| !h.trim().is_empty()) {
        return checked(hex.trim(), &format!("the configured {name} key"));
    }
    let path = key_file(data_dir, name);
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let mode = std::fs::metadata(&path).with_context(|| format!("reading {}", path.display()))?.permissions().mode();
            if mode & 0o077 != 0 {
                bail!("{} can be read by other users (mode {:o}); chmod 600 it", path.display(), mode & 0o777);
            }
            checked(text.trim(), &path.display().to_string())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(&path),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

fn checked(hex: &str, what: &str) -> anyhow::Result<String> {
    let bytes = hex::decode(hex).with_context(|| format!("{what} is not hex"))?;
    if bytes.len() != 32 {
        bail!("{what} must be 64 hex characters (32 bytes)");
    }
    Ok(hex.to_lowercase())
}

/// A new random key in a file only its owner can read; never overwrites one.
fn create(path: &Path) -> anyhow::Result<String> {
    let dir = path.parent().context("a key file has a directory")?;
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let hex = hex::encode(bytes);
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(hex.as_bytes()).and_then(|()| file.sync_all()).with_context(|| format!("writing {}", path.display()))?;
    Ok(hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_directory_gets_random_private_keys_that_later_starts_read_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = load_or_create(dir.path(), None, None).expect("made");
        assert_ne!(first.payload_hex, first.secret_hex);
        let mode = std::fs::metadata(key_file(dir.path(), "payload")).expect("file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let again = load_or_create(dir.path(), None, None).expect("read back");
        assert_eq!((again.payload_hex, again.secret_hex), (first.payload_hex.clone(), first.secret_hex));
        let other = tempfile::tempdir().expect("temp dir");
        assert_ne!(load_or_create(other.path(), None, None).expect("made").payload_hex, first.payload_hex, "every installation its own");
    }

    #[test]
    fn configuration_overrides_and_bad_keys_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let configured = "ab".repeat(32);
        assert_eq!(load_or_create(dir.path(), Some(&configured), None).expect("keys").payload_hex, configured);
        assert!(load_or_create(dir.path(), Some("abcd"), None).is_err());
        let file = key_file(dir.path(), "secret");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let refused = load_or_create(dir.path(), None, None).err().expect("a readable key is refused").to_string();
        assert!(refused.contains("chmod 600"), "{refused}");
    }
}
