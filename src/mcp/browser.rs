//! Opening a page in the person's browser without putting its address in
//! any process's arguments: every local user can read a process's command
//! line (`/proc/PID/cmdline`), so an address that carries a secret (the web
//! form's one-time token, a server's sign-in link) handed to `xdg-open`, and
//! by it to the browser, could be read and spent first by someone else.
//! The opener is given instead a page only the person can read that sends
//! the browser on to the address, as Jupyter does.
//!
//! The opener is `$BROWSER` when set, else the system's (`xdg-open`,
//! `open` on macOS, `explorer` on Windows).

use std::io::Write;
use std::path::{Path, PathBuf};

/// A page that sends the browser on to an address: a file readable by its
/// owner only (0600), in a directory of its own (0700), both removed when
/// this is dropped.
#[derive(Debug)]
pub struct Redirect {
    dir: tempfile::TempDir,
    path: PathBuf,
}

impl Redirect {
    /// Writes the page that sends the browser on to `url`.
    pub(crate) fn to(url: &str) -> std::io::Result<Redirect> {
        let dir = tempfile::Builder::new()
            .prefix("mcp-elicit-open-")
            .tempdir()?;
        let path = dir.path().join("open.html");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700))?;
            options.mode(0o600);
        }
        let mut file = options.open(&path)?;
        file.write_all(page(url).as_bytes())?;
        file.flush()?;
        Ok(Redirect { dir, path })
    }

    /// The page's path: what an opener is given.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the page and its directory now.
    pub(crate) fn remove(self) -> std::io::Result<()> {
        self.dir.close()
    }
}

/// Opens `url` in the person's browser by way of a [`Redirect`], which the
/// caller keeps until the page has been read (dropping it removes the
/// page). An opener that fails at once (exits unsuccessfully within a
/// moment) is an error; one still running then is taken to be the browser.
pub fn open(url: &str) -> std::io::Result<Redirect> {
    let program = std::env::var_os("BROWSER")
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| {
            if cfg!(target_os = "macos") {
                "open".into()
            } else if cfg!(windows) {
                "explorer".into()
            } else {
                "xdg-open".into()
            }
        });
    let redirect = Redirect::to(url)?;
    let mut child = std::process::Command::new(&program)
        .arg(redirect.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    for _ in 0..50 {
        if let Some(status) = child.try_wait()? {
            if status.success() {
                break;
            }
            return Err(std::io::Error::other(format!(
                "{} exited with {status}",
                program.to_string_lossy()
            )));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // A browser run as the opener is left running; its status is not
    // waited for.
    std::thread::spawn(move || child.wait());
    Ok(redirect)
}

/// The page: a meta refresh (no script needed) and a link to follow by hand.
fn page(url: &str) -> String {
    let url = crate::sanitize::html(url);
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"referrer\" content=\"no-referrer\">\
<meta http-equiv=\"refresh\" content=\"0;url={url}\">\
<title>Opening - mcp-elicit</title></head>\
<body><p>Opening <a href=\"{url}\">the page mcp-elicit opens</a>.</p></body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_private_and_leads_to_the_address() {
        let url = "http://127.0.0.1:1/a/?token=x&y=\"z\"";
        let r = Redirect::to(url).unwrap();
        let text = std::fs::read_to_string(r.path()).unwrap();
        assert!(
            text.contains("content=\"0;url=http://127.0.0.1:1/a/?token=x&amp;y=&quot;z&quot;\""),
            "{text}"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(r.path()), 0o600);
            assert_eq!(mode(r.path().parent().unwrap()), 0o700);
        }
        let dir = r.path().parent().unwrap().to_path_buf();
        r.remove().unwrap();
        assert!(!dir.exists());
    }
}
