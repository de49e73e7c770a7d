//! The release path: the archives `.github/scripts/package.sh` packs for
//! the workflow are the ones the `[package.metadata.binstall]` of Cargo.toml
//! points at, the binary runs from where `cargo binstall` looks for it in an
//! unpacked archive, and the packages' versions and names agree. actionlint
//! on the workflow and the Windows zip: the peers tier
//! (tests/peers/release.rs).

use std::process::Command;

use serde_json::Value;

use crate::support::release::*;
use crate::support::{read, root};

#[test]
fn binstall_finds_the_archive_the_workflow_packs_for_every_target() {
    let workflow = read(root().join(WORKFLOW));
    let targets = workflow_targets(&workflow);
    let mut sorted = targets.clone();
    sorted.sort();
    let mut expected = TARGETS.to_vec();
    expected.sort();
    assert_eq!(sorted, expected, "the targets of {WORKFLOW}");

    // The archives come from package.sh, run on each target's build...
    let binaries = job(&workflow, "binaries");
    for line in [
        "TARGET: ${{ matrix.target }}",
        r#"run: cargo build --locked --profile dist --target "$TARGET""#,
        r#"run: bash .github/scripts/package.sh "$TARGET" "$BIN" "$RUNNER_TEMP/archives""#,
    ] {
        assert!(
            has_line(&binaries, line),
            "the binaries job has no `{line}`"
        );
    }
    // ...and are attached to the release of the tag v<version>.
    assert!(
        workflow.contains("tags: [\"v*\"]"),
        "{WORKFLOW} runs on tags v*"
    );
    assert!(
        workflow.contains(r#"$GITHUB_REF_NAME != "v$version""#),
        "{WORKFLOW} checks that the tag is v<version>"
    );

    let manifest = manifest();
    for target in &targets {
        let (file, top) = archive_name(target);
        let meta = binstall(&manifest, target);
        assert_eq!(
            render(&meta["pkg-url"], &manifest, target),
            format!(
                "{}/releases/download/v{}/{file}",
                manifest.repository, manifest.version
            ),
            "pkg-url for {target}"
        );
        let exe = if target.contains("-windows-") {
            ".exe"
        } else {
            ""
        };
        assert_eq!(
            render(&meta["bin-dir"], &manifest, target),
            format!("{top}/mcp-elicit{exe}"),
            "bin-dir for {target}"
        );
        let format = if file.ends_with(".tar.gz") {
            "tgz"
        } else if file.ends_with(".zip") {
            "zip"
        } else {
            panic!("{file}: neither .tar.gz nor .zip")
        };
        assert_eq!(meta["pkg-fmt"], format, "pkg-fmt for {target}");
    }
}

#[test]
fn the_release_builds_every_npm_platform() {
    let workflow = read(root().join(WORKFLOW));
    let mut targets = workflow_targets(&workflow);
    targets.sort();
    let platforms: Value = serde_json::from_str(&read(root().join("npm/platforms.json"))).unwrap();
    let mut npm: Vec<String> = platforms
        .as_array()
        .expect("npm/platforms.json is a list")
        .iter()
        .map(|p| p["target"].as_str().unwrap().to_string())
        .collect();
    npm.sort();
    assert_eq!(
        npm, targets,
        "the npm main package depends on a platform package for every target of npm/platforms.json"
    );
    let npm_job = job(&workflow, "npm");
    assert!(has_line(&npm_job, "pattern: archive-*"));
    assert!(
        npm_job
            .iter()
            .any(|l| l
                .contains(r#"node npm/build.mjs --out "$RUNNER_TEMP/npm" --pack "${packs[@]}""#)),
        "the npm job packs the binaries of every archive"
    );
}

#[test]
fn host_archive_unpacks_to_the_binary_at_binstall_bin_dir() {
    let host = host();
    let manifest = manifest();
    let (tmp, top) = pack_and_unpack(&host);
    let unpacked = top.parent().unwrap();
    let binary = unpacked.join(render(
        &binstall(&manifest, &host)["bin-dir"],
        &manifest,
        &host,
    ));
    let out = run(Command::new(&binary).arg("--version"));
    assert!(out.status.success(), "{}: {}", binary.display(), text(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("mcp-elicit {}", manifest.version)
    );
    assert_documents(&top);
    drop(tmp);
}

#[test]
fn setup_py_requires_the_cargo_version() {
    // The `mcp-elicit-wheel` pre-commit hook installs the root setup.py,
    // which requires the wheel of its own version: a tag must install the
    // wheel built from the same sources.
    let setup = read(root().join("setup.py"));
    let version = setup
        .lines()
        .find_map(|l| l.strip_prefix("VERSION = \"")?.strip_suffix('"'))
        .expect("setup.py has a VERSION line");
    assert_eq!(
        version,
        manifest().version,
        "setup.py and Cargo.toml disagree"
    );
    assert!(
        setup.contains("install_requires=[f\"mcp-elicit=={VERSION}\"]"),
        "{setup}"
    );
}

/// The launcher package's README lists every platform package.
#[test]
fn readme_names_every_platform_package() {
    let readme = read(root().join("npm/mcp-elicit/README.md"));
    let platforms: Value = serde_json::from_str(&read(root().join("npm/platforms.json"))).unwrap();
    for p in platforms.as_array().expect("npm/platforms.json is a list") {
        let package = p["package"].as_str().expect("a platform has a `package`");
        assert!(
            readme.contains(&format!("`{package}`")),
            "npm/mcp-elicit/README.md does not name {package}"
        );
    }
}
