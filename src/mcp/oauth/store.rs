//! Where tokens are kept between runs: one JSON file readable only by the
//! user (0600, in a 0700 directory), an entry per server and
//! authorization server. A lock file beside it keeps two processes from
//! refreshing the same token at once.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Tokens;

/// How the client authenticates at the token endpoint.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    /// The client ID (a URL for a client ID metadata document).
    pub client_id: String,
    /// The client secret, for a confidential client.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// `none`, `client_secret_basic` or `client_secret_post`.
    pub auth_method: String,
}

impl std::fmt::Debug for Registration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registration")
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "[redacted]"),
            )
            .field("auth_method", &self.auth_method)
            .finish()
    }
}

/// The tokens of one server from one authorization server.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The MCP server's URL.
    pub server: String,
    /// The authorization server's issuer.
    pub issuer: String,
    /// The resource the token is for (RFC 8707).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<String>,
    /// Where tokens are refreshed.
    pub token_endpoint: String,
    /// The client the token was issued to.
    pub client: Registration,
    /// The access token.
    pub access_token: String,
    /// The refresh token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// When the access token expires, seconds since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The scope granted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// When it was obtained, seconds since the epoch.
    pub obtained_at: u64,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("server", &self.server)
            .field("issuer", &self.issuer)
            .field("scope", &self.scope)
            .field("expires_at", &self.expires_at)
            .field(
                "refresh_token",
                &self.refresh_token.as_ref().map(|_| "[redacted]"),
            )
            .finish_non_exhaustive()
    }
}

impl Entry {
    pub(super) fn new(
        server: &str,
        issuer: &str,
        resource: Option<&str>,
        token_endpoint: &str,
        client: Registration,
        tokens: Tokens,
        now: u64,
    ) -> Entry {
        Entry {
            server: server.to_string(),
            issuer: issuer.to_string(),
            resource: resource.map(str::to_string),
            token_endpoint: token_endpoint.to_string(),
            client,
            access_token: tokens.access_token,
            refresh_token: tokens.refresh_token,
            expires_at: tokens.expires_in.map(|s| now.saturating_add(s)),
            scope: tokens.scope,
            obtained_at: now,
        }
    }

    /// Whether the access token expires within `margin` seconds of `now`.
    pub fn expires_soon(&self, now: u64, margin: u64) -> bool {
        self.expires_at
            .is_some_and(|t| t <= now.saturating_add(margin))
    }
}

#[derive(Default, Serialize, Deserialize)]
struct File {
    version: u32,
    entries: Vec<Entry>,
}

/// The token file.
#[derive(Debug, Clone)]
pub struct Store {
    path: PathBuf,
}

impl Store {
    /// The store in the file at `path`.
    pub fn at(path: impl Into<PathBuf>) -> Store {
        Store { path: path.into() }
    }

    /// `auth.json` in the user's configuration directory for mcp-elicit:
    /// `$MCP_ELICIT_CONFIG_DIR`, else `$XDG_CONFIG_HOME/mcp-elicit`, else
    /// `~/.config/mcp-elicit` (`%APPDATA%\mcp-elicit` on Windows).
    pub fn default_path() -> Option<PathBuf> {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("MCP_ELICIT_CONFIG_DIR")
            .or_else(|| var("XDG_CONFIG_HOME").map(|d| d.join("mcp-elicit")))
            .or_else(|| {
                if cfg!(windows) {
                    var("APPDATA").map(|d| d.join("mcp-elicit"))
                } else {
                    var("HOME").map(|d| d.join(".config").join("mcp-elicit"))
                }
            })?;
        Some(dir.join("auth.json"))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn read(&self) -> Result<File, String> {
        match std::fs::read(&self.path) {
            Ok(b) => serde_json::from_slice(&b).map_err(|e| {
                format!(
                    "{} is not a token file mcp-elicit wrote ({e}); remove it to start again",
                    self.path.display()
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(File::default()),
            Err(e) => Err(format!("cannot read {}: {e}", self.path.display())),
        }
    }

    /// Every entry (none when there is no file yet).
    pub fn entries(&self) -> Result<Vec<Entry>, String> {
        Ok(self.read()?.entries)
    }

    /// The entry for `server` obtained last.
    pub fn latest(&self, server: &str) -> Option<Entry> {
        self.read()
            .ok()?
            .entries
            .into_iter()
            .filter(|e| e.server == server)
            .max_by_key(|e| e.obtained_at)
    }

    /// The entry for `server` from `issuer`.
    pub fn get(&self, server: &str, issuer: &str) -> Option<Entry> {
        self.read()
            .ok()?
            .entries
            .into_iter()
            .find(|e| e.server == server && e.issuer == issuer)
    }

    /// Keeps `entry`, in place of the one for the same server and
    /// authorization server.
    pub fn put(&self, entry: Entry) -> Result<(), String> {
        let _lock = self.lock()?;
        self.put_locked(entry)
    }

    /// [`Store::put`] with the lock already held.
    pub(super) fn put_locked(&self, entry: Entry) -> Result<(), String> {
        let mut file = self.read()?;
        file.version = 1;
        file.entries
            .retain(|e| !(e.server == entry.server && e.issuer == entry.issuer));
        file.entries.push(entry);
        self.write(&file)
    }

    /// Forgets every entry for `server`; says how many there were.
    pub fn remove(&self, server: &str) -> Result<usize, String> {
        let _lock = self.lock()?;
        let mut file = self.read()?;
        let before = file.entries.len();
        file.entries.retain(|e| e.server != server);
        let gone = before - file.entries.len();
        if gone > 0 {
            file.version = 1;
            self.write(&file)?;
        }
        Ok(gone)
    }

    fn dir(&self) -> Result<&Path, String> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        if !dir.as_os_str().is_empty() && !dir.exists() {
            let mut b = std::fs::DirBuilder::new();
            b.recursive(true);
            #[cfg(unix)]
            std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
            b.create(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        Ok(dir)
    }

    fn write(&self, file: &File) -> Result<(), String> {
        use std::io::Write;
        let dir = self.dir()?;
        let tmp = dir.join(format!(".auth.json.{}.tmp", std::process::id()));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let text = serde_json::to_string_pretty(file).map_err(|e| e.to_string())?;
        let written = options.open(&tmp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.write_all(b"\n")?;
            f.sync_all()
        });
        written
            .and_then(|()| std::fs::rename(&tmp, &self.path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                format!("cannot write {}: {e}", self.path.display())
            })
    }

    /// An exclusive lock on the store (a `.lock` file beside it), held
    /// until the value is dropped; waits for another process's.
    pub fn lock(&self) -> Result<std::fs::File, String> {
        let dir = self.dir()?;
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "auth.json".into());
        let path = dir.join(format!("{name}.lock"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(false);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.lock()
            .map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
        Ok(file)
    }
}
