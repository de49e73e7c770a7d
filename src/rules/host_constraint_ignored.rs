//! N810 `host-constraint-ignored`. Reported by the host facts (`hosts::data`),
//! with `--hosts`.

rule! {
    HOST_CONSTRAINT_IGNORED = "N810" "host-constraint-ignored" Note
        summary: "The host does not check a constraint (`pattern`, `format`, lengths, bounds, item counts) (reported with `--hosts` only)."
        why: "`pattern` is stripped by every SDK but fast-agent's, and several hosts check no `format`, length or count: the constraint cannot be the only validation."
        example: words!(r#"{"type": "string", "pattern": "^[A-Z]{3}$"}"#, "validate the answer on the server and ask again, or decline, when it does not fit");
}
