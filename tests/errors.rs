//! The errors a newcomer meets first, each one line that says what to do.
//! The cases are trycmd files, `tests/cmd/errors/NAME.toml` (the command,
//! its exit code) beside `NAME.stderr` (what it must print), run by
//! `cli_cases`; `TRYCMD=overwrite` refreshes the `.stderr` files.

use crate::support::{bin, root};

/// Every trycmd case under `tests/cmd`.
#[test]
fn cli_cases() {
    let cases = trycmd::TestCases::new();
    cases.register_bin("mcp-elicit", trycmd::schema::Bin::Path(bin().into()));
    cases.case(root().join("tests/cmd/**/*.toml"));
}

/// Each first error is one line, starting `error: `, that says what to do.
#[test]
fn first_errors_are_one_line_that_says_what_to_do() {
    let dir = root().join("tests/cmd/errors");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "stderr") {
            let err = std::fs::read_to_string(&path).unwrap();
            assert!(
                err.starts_with("error: ") && err.lines().count() == 1,
                "{}: not one error line: {err}",
                path.display()
            );
            let toml = path.with_extension("toml");
            assert!(toml.is_file(), "{} has no case", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 17, "only {seen} error cases in {}", dir.display());
}
