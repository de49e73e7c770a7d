//! The npm packages (`npm/`): `npm/build.mjs` fills them with the binary
//! under test and packs them, a fresh project installs the tarballs offline
//! as a user installing from local tarballs would, and the launcher runs
//! through `npx`.
//!
//! Offline, npm cannot fetch the manifests of the other platforms' packages
//! (they are in no cache and no registry is asked); a failed fetch of an
//! optional dependency is not an error, so they are left out, and the host's
//! package is taken from its tarball, whose version satisfies the pinned
//! optional dependency.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::support::{bin, peers, read, root};

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `npm/platforms.json`.
fn platforms() -> Vec<Value> {
    let list: Value = serde_json::from_str(&read(root().join("npm/platforms.json"))).unwrap();
    list.as_array()
        .expect("npm/platforms.json is a list")
        .clone()
}

/// The entry of `npm/platforms.json` for the target the binary under test
/// was built for, derived from the OS, the CPU and the C library.
fn host_platform() -> Result<Value, String> {
    let arch = std::env::consts::ARCH;
    let target = match std::env::consts::OS {
        "linux" if cfg!(target_env = "musl") => format!("{arch}-unknown-linux-musl"),
        "linux" => format!("{arch}-unknown-linux-gnu"),
        "macos" => format!("{arch}-apple-darwin"),
        "windows" => format!("{arch}-pc-windows-msvc"),
        os => format!("{arch}-{os}"),
    };
    platforms()
        .into_iter()
        .find(|p| p["target"] == target.as_str())
        .ok_or_else(|| format!("npm/platforms.json has no package for this host ({target})"))
}

fn field<'a>(value: &'a Value, name: &str) -> &'a str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("no `{name}` in {value}"))
}

/// A program that is a `.cmd` script on Windows.
fn program(name: &str) -> String {
    if cfg!(windows) {
        format!("{name}.cmd")
    } else {
        name.to_string()
    }
}

/// `program` kept off the user's npm cache and configuration: a cache and
/// an (empty) user config under `home`, no `npm_config_*` from outside, no
/// update check, and no `MCP_ELICIT_BINARY`.
fn isolated(program: impl AsRef<OsStr>, home: &Path) -> Command {
    let mut cmd = Command::new(program);
    for (key, _) in std::env::vars_os() {
        if key
            .to_str()
            .is_some_and(|k| k.to_ascii_lowercase().starts_with("npm_config_"))
        {
            cmd.env_remove(key);
        }
    }
    cmd.env("npm_config_cache", home.join("cache"))
        .env("npm_config_userconfig", home.join("npmrc"))
        .env("npm_config_update_notifier", "false")
        .env("NO_COLOR", "1")
        .env_remove("MCP_ELICIT_BINARY")
        .stdin(Stdio::null());
    cmd
}

fn show(out: &Output) -> String {
    format!(
        "exit: {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh project with `tarballs` installed by `npm install --offline`.
fn project(home: &Path, name: &str, tarballs: &[&Path]) -> PathBuf {
    let dir = home.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("package.json"),
        format!("{{\"name\": \"{name}\", \"version\": \"1.0.0\", \"private\": true}}\n"),
    )
    .unwrap();
    let out = isolated(program("npm"), home)
        .current_dir(&dir)
        .args(["install", "--offline", "--no-audit", "--no-fund"])
        .args(tarballs)
        .output()
        .expect("npm runs");
    assert!(out.status.success(), "npm install failed\n{}", show(&out));
    dir
}

/// `npx --no-install mcp-elicit ARGS` in `project`.
fn npx(home: &Path, project: &Path, args: &[&str]) -> Command {
    let mut cmd = isolated(program("npx"), home);
    cmd.current_dir(project)
        .args(["--no-install", "mcp-elicit"])
        .args(args);
    cmd
}

fn example(rel: &str) -> String {
    root().join(rel).to_string_lossy().into_owned()
}

#[test]
#[ignore = "peer: needs Node.js and npm (cargo test --test peers -- --ignored)"]
fn packages_install_offline_and_run_the_binary() {
    let _npm = peers::npm();
    let platform = host_platform().unwrap_or_else(|reason| panic!("{reason}"));
    let package = field(&platform, "package");
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path();
    std::fs::write(home.join("npmrc"), "").unwrap();

    // Build and pack: the launcher package and the host's platform package.
    let out_dir = home.join("packages");
    let built = isolated("node", home)
        .current_dir(root())
        .arg(root().join("npm/build.mjs"))
        .arg("--out")
        .arg(&out_dir)
        .arg("--pack")
        .arg(format!("{}={}", field(&platform, "target"), bin()))
        .output()
        .expect("node runs");
    assert!(
        built.status.success(),
        "npm/build.mjs failed\n{}",
        show(&built)
    );
    let tarballs: Vec<PathBuf> = stdout(&built).lines().map(PathBuf::from).collect();
    let tarball_names: Vec<String> = tarballs
        .iter()
        .map(|t| t.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let platform_tarball = format!(
        "{}-{VERSION}.tgz",
        package.trim_start_matches('@').replace('/', "-")
    );
    assert_eq!(
        tarball_names,
        [format!("mcp-elicit-{VERSION}.tgz"), platform_tarball],
        "{}",
        show(&built)
    );
    for t in &tarballs {
        assert!(t.is_absolute() && t.is_file(), "{}", t.display());
    }

    // The launcher package pins every platform at this version.
    let manifest: Value =
        serde_json::from_str(&read(out_dir.join("mcp-elicit/package.json"))).unwrap();
    assert_eq!(manifest["version"], VERSION);
    let wanted: serde_json::Map<String, Value> = platforms()
        .iter()
        .map(|p| (field(p, "package").to_string(), Value::from(VERSION)))
        .collect();
    assert_eq!(manifest["optionalDependencies"], Value::Object(wanted));

    let full = project(home, "with-binary", &[&tarballs[0], &tarballs[1]]);
    // Only the host's platform package is installed.
    let scope: Vec<String> = std::fs::read_dir(full.join("node_modules/@mcp-elicit"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(scope, [package.trim_start_matches("@mcp-elicit/")]);
    let installed: Value = serde_json::from_str(&read(
        full.join("node_modules").join(package).join("package.json"),
    ))
    .unwrap();
    assert_eq!(installed["os"], serde_json::json!([platform["os"]]));
    assert_eq!(installed["cpu"], serde_json::json!([platform["cpu"]]));
    assert_eq!(installed["preferUnplugged"], true);
    for dir in [
        full.join("node_modules/mcp-elicit"),
        full.join("node_modules").join(package),
    ] {
        for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
            assert!(
                dir.join(licence).is_file(),
                "{} has no {licence}",
                dir.display()
            );
        }
    }

    let out = npx(home, &full, &["--version"]).output().unwrap();
    assert!(out.status.success(), "{}", show(&out));
    assert_eq!(stdout(&out).trim(), format!("mcp-elicit {VERSION}"));

    // Findings: exit 1, the findings on stdout.
    let out = npx(
        home,
        &full,
        &["lint", &example("examples/lint/shipping-address.json")],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(stdout(&out).contains("error[E204]"), "{}", show(&out));

    let out = npx(
        home,
        &full,
        &["lint", &example("examples/lint/contact-form.json")],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert_eq!(stdout(&out), "", "{}", show(&out));

    // Other exit codes and standard input pass through too.
    let out = npx(home, &full, &["lint", "--no-such-option"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    let request = std::fs::File::open(root().join("examples/demo/pizza.json")).unwrap();
    let out = npx(home, &full, &["answer", "--action", "decline", "-"])
        .stdin(request)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert_eq!(stdout(&out).trim(), r#"{"action":"decline"}"#);

    // MCP_ELICIT_BINARY comes before the installed package.
    let missing = home.join("no-such-binary");
    let out = npx(home, &full, &["--version"])
        .env("MCP_ELICIT_BINARY", &missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    assert!(
        stderr(&out).contains(&format!(
            "MCP_ELICIT_BINARY is set to {}",
            missing.display()
        )),
        "{}",
        show(&out)
    );

    // A signal that ends the binary ends the launcher the same way.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        use std::os::unix::process::ExitStatusExt;
        let script = home.join("terminated.sh");
        std::fs::write(&script, "#!/bin/sh\nkill -TERM $$\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = isolated(full.join("node_modules/.bin/mcp-elicit"), home)
            .env("MCP_ELICIT_BINARY", &script)
            .output()
            .unwrap();
        assert_eq!(out.status.signal(), Some(15), "{}", show(&out));
    }

    // Without the platform package: a clear error, unless MCP_ELICIT_BINARY
    // names a binary.
    let bare = project(home, "without-binary", &[&tarballs[0]]);
    assert!(!bare.join("node_modules/@mcp-elicit").exists());
    let out = npx(home, &bare, &["--version"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    let err = stderr(&out);
    let detected = format!("({} {}", field(&platform, "os"), field(&platform, "cpu"));
    for needle in [
        package,
        detected.as_str(),
        "--omit=optional",
        "--no-optional",
        "MCP_ELICIT_BINARY",
        "cargo install",
    ] {
        assert!(err.contains(needle), "`{needle}` is not in\n{}", show(&out));
    }
    let out = npx(home, &bare, &["--version"])
        .env("MCP_ELICIT_BINARY", bin())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", show(&out));
    assert_eq!(stdout(&out).trim(), format!("mcp-elicit {VERSION}"));
}

/// Runs `node BUILD ARGS` for a copy of the script or the real one.
fn build(script: &Path, home: &Path, args: &[&str]) -> Output {
    isolated("node", home)
        .arg(script)
        .args(args)
        .output()
        .expect("node runs")
}

#[test]
#[ignore = "peer: needs Node.js and npm (cargo test --test peers -- --ignored)"]
fn build_refuses_bad_input_and_writes_nothing() {
    let _npm = peers::npm();
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path();
    let script = root().join("npm/build.mjs");
    let out_dir = home.join("packages");
    let out_arg = out_dir.to_str().unwrap();
    let binary = format!("x86_64-unknown-linux-gnu={}", bin());
    let unknown = format!("riscv64gc-unknown-linux-gnu={}", bin());
    let missing = format!(
        "x86_64-unknown-linux-gnu={}",
        home.join("no-such-binary").display()
    );

    let cases: [(&[&str], &str); 5] = [
        (&["--out", out_arg, &unknown], &unknown),
        (&["--out", out_arg, &missing], &missing),
        (
            &["--out", out_arg, "x86_64-unknown-linux-gnu"],
            "x86_64-unknown-linux-gnu",
        ),
        (&[&binary], "`--out DIR` is required"),
        (&["--out", out_arg, "--publish", &binary], "--publish"),
    ];
    for (args, named) in cases {
        let out = build(&script, home, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}\n{}", show(&out));
        assert!(stderr(&out).contains(named), "{args:?}\n{}", show(&out));
        assert!(!out_dir.exists(), "{args:?} wrote {}", out_dir.display());
    }

    // A Cargo.toml without a version of its own: a copy of npm/ next to it.
    let tree = home.join("tree");
    for rel in [
        "build.mjs",
        "platforms.json",
        "mcp-elicit/package.json",
        "mcp-elicit/README.md",
        "mcp-elicit/bin/mcp-elicit.js",
    ] {
        let to = tree.join("npm").join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root().join("npm").join(rel), to).unwrap();
    }
    std::fs::write(
        tree.join("Cargo.toml"),
        "[package]\nname = \"mcp-elicit\"\nversion.workspace = true\n\n[dependencies]\nversion = \"1\"\n",
    )
    .unwrap();
    let out = build(
        &tree.join("npm/build.mjs"),
        home,
        &["--out", out_arg, &binary],
    );
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    let manifest = tree.join("Cargo.toml");
    assert!(
        stderr(&out).contains(&format!("{} has no `version", manifest.display())),
        "{}",
        show(&out)
    );
    assert!(!out_dir.exists());
}
