//! The hosts, one entry each, as of 2026-11-23. Every fact and note names
//! its evidence (read in source, reproduced with a library, or taken from an
//! issue) and the versions it holds for; a host that changes is corrected
//! in its own entry. Nothing here is guessed: where the evidence says
//! nothing (most of Cursor), the entry says nothing either.

use super::Effect::*;
use super::EvidenceKind::{Code, Issue, Page, Test};
use super::ShapeKind::*;
use super::Status::*;
use super::Trigger::*;
use super::{ALWAYS, Declared, Declares, Evidence, Fact, Host, HostKind, Note, Within};
use crate::rules::{self, Rule};

const fn code(source: &'static str) -> Evidence {
    Evidence { kind: Code, source }
}
const fn test(source: &'static str) -> Evidence {
    Evidence { kind: Test, source }
}
const fn issue(source: &'static str) -> Evidence {
    Evidence {
        kind: Issue,
        source,
    }
}
const fn probe(source: &'static str) -> Evidence {
    Evidence {
        kind: super::EvidenceKind::Probe,
        source,
    }
}
const fn page(source: &'static str) -> Evidence {
    Evidence { kind: Page, source }
}

/// The shapes the SDKs' typed models refuse, by the spec rule that reports
/// them: a `format` outside the four, a nested object or an unsupported
/// `type` (nullable types included), `items` without `type`, a `default` of
/// the wrong type, a form without `requestedSchema`.
const REFUSED: &[&Rule] = &[
    &rules::FORM_WITHOUT_SCHEMA,
    &rules::PROPERTY_TYPE_UNSUPPORTED,
    &rules::NESTED_OBJECT,
    &rules::ARRAY_ITEMS_UNSUPPORTED,
    &rules::FORMAT_UNSUPPORTED,
    &rules::DEFAULT_WRONG_TYPE,
];
/// Every shape outside the spec that some host is known to refuse: a
/// host with no fact about one of them is "unknown" for it, never "works".
pub const OUT_OF_SPEC: &[&Rule] = REFUSED_RMCP;
/// rmcp also refuses a fractional bound on an integer.
const REFUSED_RMCP: &[&Rule] = &[
    &rules::FORM_WITHOUT_SCHEMA,
    &rules::PROPERTY_TYPE_UNSUPPORTED,
    &rules::NESTED_OBJECT,
    &rules::ARRAY_ITEMS_UNSUPPORTED,
    &rules::FORMAT_UNSUPPORTED,
    &rules::DEFAULT_WRONG_TYPE,
    &rules::INTEGER_BOUND_FRACTIONAL,
];

const RMCP_TEST: Evidence = test(
    "rmcp 3.11.0 (crates.io), serde_json::from_str::<ServerJsonRpcMessage>: refused shapes parse as CustomRequest",
);
const RMCP_HANDLER: Evidence =
    code("modelcontextprotocol/rust-sdk crates/rmcp/src/handler/client.rs @4a738b9d");
const TS1_TEST: Evidence = test(
    "@modelcontextprotocol/sdk 1.32.2 (npm), InMemoryTransport: property `pattern` removed, refused shapes answer -32603",
);
const TS1_TYPES: Evidence =
    code("modelcontextprotocol/typescript-sdk src/types.ts @2d889f2b3 (v1.x, 1.30.0)");
const TS2_TEST: Evidence = test(
    "@modelcontextprotocol/client 2.4.0 (npm): property extras stripped, refused shapes answer -32602",
);
const TS1_NUMERIC_ENUM: Evidence = test(
    "@modelcontextprotocol/sdk 1.32.2 (npm), InMemoryTransport: {type:\"number\",enum:[1,2]} reaches the handler as {type:\"number\"}",
);
const TS2_NUMERIC_ENUM: Evidence = test(
    "@modelcontextprotocol/client 2.4.0 (npm): a numeric `enum` is stripped with the other property extras",
);
const RMCP_NUMERIC_ENUM: Evidence = test(
    "rmcp 3.11.0 (crates.io), serde_json::from_str::<ServerJsonRpcMessage>: a numeric `enum` is dropped by the typed model",
);
const FIX_NUMERIC_ENUM: &str = "offer the numbers as a string `enum` (\"1\", \"2\") and convert on the server, or check the number on the server";
const TS2_CLIENT: Evidence =
    code("modelcontextprotocol/typescript-sdk packages/client/src/client/client.ts @3924de99d");

const CODEX_TUI: Evidence =
    code("openai/codex codex-rs/tui/src/bottom_pane/mcp_server_elicitation.rs @e55429b4");
const VSCODE_SERVICE: Evidence = code(
    "microsoft/vscode src/vs/workbench/contrib/mcp/browser/mcpElicitationService.ts @c8898a24",
);
const GOOSE_FORM: Evidence =
    code("aaif-goose/goose ui/desktop/src/components/ui/JsonSchemaForm.tsx @414c29b7");
const GOOSE_CLIENT: Evidence =
    code("aaif-goose/goose crates/goose/src/agents/mcp_client.rs @01aaa821");
const GOOSE_CLI: Evidence =
    code("aaif-goose/goose crates/goose-cli/src/session/elicitation.rs @0de0a328");
const MCPORTER: Evidence = code("openclaw/mcporter src/runtime/elicitation.ts @ae3d900");
const INSPECTOR_FORM: Evidence = code(
    "modelcontextprotocol/inspector clients/web/src/components/groups/SchemaForm/SchemaForm.tsx @86d5f58e",
);

/// MCPJam's host catalog: what each host version declares, from recorded
/// probes.
const MCPJAM_CATALOG: Evidence =
    code("MCPJam/inspector sdk/src/host-compat/catalog.generated.ts (verified 2026-08-19)");

const FIX_REFUSED: &str = "keep to the spec's property shapes (the spec rule reported at the same place says how), so the request reaches the form";
const FIX_PATTERN: &str =
    "validate the answer on the server and ask again (or decline) when it does not fit";
const FIX_LABELS: &str = "make the option values themselves readable (\"economy\", not \"ECO_1\")";

/// Every host, in the order of the matrix's columns: applications first,
/// then the SDKs other hosts inherit from.
pub static ALL: &[&Host] = &[
    &CLAUDE_CODE,
    &CLAUDE_DESKTOP,
    &CODEX,
    &VSCODE,
    &CURSOR,
    &COPILOT_CLI,
    &GOOSE_DESKTOP,
    &GOOSE_CLI_HOST,
    &ZED,
    &CONTINUE,
    &CLINE,
    &GEMINI_CLI,
    &FAST_AGENT,
    &MCPORTER_HOST,
    &INSPECTOR,
    &INSPECTOR_V1,
    &TS_SDK,
    &TS_SDK_OLD,
    &TS_SDK_V2,
    &PYTHON_SDK,
    &RMCP,
];

pub(crate) static CLAUDE_CODE: Host = Host {
    id: "claude-code",
    short: "CC",
    name: "Claude Code",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "2.1.76 (March 2026) and later",
    evidence: &[
        issue("EdanStarfire/claudecode_webui#901 (2.1.76 changelog)"),
        issue("laravel/mcp#190 (every property shape rendered, defaults pre-populated)"),
    ],
    declared: &[
        Declared {
            versions: "2.1.176 to 2.1.260",
            within: Within::between("2.1.176", "2.1.260"),
            elicitation: Some(Declares::Capability("{}")),
            revisions: &["2026-07-28", "2025-11-25"],
            note: Some("it sends `server/discover` first and falls back to `initialize`"),
            evidence: &[MCPJAM_CATALOG],
        },
        Declared {
            versions: "2.1.273 (the Cowork desktop app)",
            within: Within::only("2.1.273"),
            elicitation: Some(Declares::Capability("{}")),
            revisions: &["2026-07-28"],
            note: None,
            evidence: &[issue("anthropics/claude-code#94806")],
        },
        Declared {
            versions: "2.1.280",
            within: Within::only("2.1.280"),
            elicitation: None,
            revisions: &["2025-11-25"],
            note: Some(
                "it sends `initialize` after a successful `server/discover`, which a server that speaks only 2026-07-28 refuses with -32022",
            ),
            evidence: &[issue("anthropics/claude-code#96183")],
        },
    ],
    facts: &[Fact {
        id: "cowork-drops-input-required",
        within: Within::only("2.1.273"),
        effect: NotShown { sends: None },
        rule: &rules::HOST_INPUT_REQUIRED_UNSUPPORTED,
        trigger: InputRequired,
        status: Broken,
        sees: "nothing: the Cowork desktop app negotiates 2026-07-28, then drops every InputRequiredResult, and the tool call hangs for 180 s",
        fix: Some(
            "serve 2025-11-25 beside 2026-07-28 so that the host can be asked with `elicitation/create`, or give the tool an argument instead of asking",
        ),
        evidence: &[
            issue("anthropics/claude-code#94806"),
            issue("anthropics/claude-ai-mcp#1046"),
        ],
        versions: "2.1.273 (remote_cowork)",
    }],
    notes: &[
        Note {
            text: "on macOS, 2.1.252 never sends `server/discover`, so a server that speaks only 2026-07-28 cannot be reached",
            evidence: &[issue("anthropics/claude-code#91099")],
            versions: "2.1.252 on macOS",
        },
        Note {
            text: "in print mode (`-p`) and in an Agent SDK client without `onElicitation`, a form is declined without being shown",
            evidence: &[
                issue("anthropics/claude-code#62319"),
                issue("anthropics/claude-code#89858"),
            ],
            versions: "2.1.144; Agent SDK 0.3.234",
        },
        Note {
            text: "some versions, and Claude Code embedded in the desktop app, cancel the tool call after 60 s while the person types; the terminal CLI 2.1.259 waits",
            evidence: &[
                issue("open-gsd/gsd-pi#736"),
                issue("anthropics/claude-code#88901"),
            ],
            versions: "up to 2.1.259",
        },
    ],
};

pub(crate) static CLAUDE_DESKTOP: Host = Host {
    id: "claude-desktop",
    short: "CD",
    name: "Claude Desktop",
    kind: HostKind::App,
    elicitation: false,
    known: true,
    versions: "Claude Desktop and claude.ai, as of 2026-11",
    evidence: &[
        issue("anthropics/claude-code#41347"),
        issue("anthropics/claude-ai-mcp#153"),
    ],
    declared: &[Declared {
        versions: "claude.ai as of 2026-09",
        within: ALWAYS,
        elicitation: Some(Declares::Nothing),
        revisions: &[],
        note: None,
        evidence: &[issue("anthropics/claude-ai-mcp#153")],
    }],
    facts: &[Fact {
        id: "no-elicitation",
        within: ALWAYS,
        effect: NotShown { sends: None },
        rule: &rules::HOST_NO_ELICITATION,
        trigger: Any,
        status: Unsupported,
        sees: "nothing: the app does not render elicitations (its embedded Claude Code declares the capability but never shows the form, and the call is cancelled after 60 s)",
        fix: Some(
            "check the client's `elicitation` capability and fall back (a tool argument, a default, or a message asking the person to use another client)",
        ),
        evidence: &[
            issue("anthropics/claude-code#41347"),
            issue("anthropics/claude-ai-mcp#153"),
            issue("anthropics/claude-code#88901"),
        ],
        versions: "all versions as of 2026-11",
    }],
    notes: &[],
};

pub(crate) static CODEX: Host = Host {
    id: "codex",
    short: "Codex",
    name: "Codex",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "codex-cli with real forms (March-April 2026) to 0.151.0; earlier versions declined every elicitation",
    evidence: &[issue("openai/codex#6992"), issue("openai/codex#41797")],
    declared: &[Declared {
        versions: "0.148 and later (2026-07-28 opt-in in 0.147)",
        within: Within::from("0.148"),
        elicitation: Some(Declares::Capability(r#"{"form": {}, "url": {}}"#)),
        revisions: &["2026-07-28", "2025-11-25"],
        note: None,
        evidence: &[MCPJAM_CATALOG],
    }],
    facts: &[
        Fact {
            id: "form-unrenderable",
            within: ALWAYS,
            effect: ApprovalOnly,
            rule: &rules::HOST_FORM_UNRENDERABLE,
            trigger: Shapes(&[Number, Integer, UntitledMulti, TitledMulti]),
            status: Broken,
            sees: "a number, integer or multi-select makes the whole form unrenderable: the person gets a generic approval dialog instead, and \"Yes\" sends `{\"action\": \"accept\", \"content\": {}}`",
            fix: Some(
                "ask with a string or a single-select and convert on the server; treat an accept without the field as not answered",
            ),
            evidence: &[
                CODEX_TUI,
                issue("openai/codex#41797"),
                issue("laravel/mcp#190"),
            ],
            versions: "TUI @e55429b4 and @073480b9; codex-cli 0.151.0",
        },
        Fact {
            id: "root-title-cancels",
            within: ALWAYS,
            effect: NotShown {
                sends: Some(r#"{"action": "cancel"}"#),
            },
            rule: &rules::HOST_CANCELS_UNSEEN,
            trigger: RootKeys(&["title", "description"]),
            status: Broken,
            sees: "nothing: Codex's typed schema refuses a root `title` or `description` (only `$schema`, `type`, `properties`, `required`), and the request is cancelled without being shown",
            fix: Some(
                "remove the root `title` and `description` and say it in `message` (Pydantic and FastMCP add a root `title`: strip it)",
            ),
            evidence: &[
                code("openai/codex codex-rs/app-server-protocol/src/protocol/v2/mcp.rs @123b4895"),
                code("openai/codex codex-rs/app-server/src/bespoke_event_handling.rs @82270f32"),
                issue("openai/codex#31163"),
            ],
            versions: "app-server @123b4895 and @82270f32 (open issue as of 2026-09)",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED_RMCP),
            status: Broken,
            sees: "nothing: rmcp, which Codex parses requests with, does not recognise the request and answers -32601 (Method not found)",
            fix: Some(FIX_REFUSED),
            evidence: &[RMCP_TEST, RMCP_HANDLER],
            versions: "inferred from rmcp 3.11.0; Codex's pinned rmcp version was not checked",
        },
        Fact {
            id: "string-default-hidden",
            within: ALWAYS,
            effect: DropDefault,
            rule: &rules::HOST_DEFAULT_NOT_SHOWN,
            trigger: StringDefault,
            status: Degraded,
            sees: "a text field starts empty: its default is neither shown nor sent",
            fix: Some(
                "treat a missing answer as the default on the server, or offer the value as a single-select option",
            ),
            evidence: &[CODEX_TUI, issue("laravel/mcp#190")],
            versions: "TUI @e55429b4",
        },
        Fact {
            id: "constraints-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["minLength", "maxLength", "format", "pattern"]),
            status: Degraded,
            sees: "`minLength`, `maxLength`, `format` and `pattern` are not checked: any text is sent (`pattern` is dropped before the form)",
            fix: Some(FIX_PATTERN),
            evidence: &[CODEX_TUI, issue("laravel/mcp#190"), RMCP_TEST],
            versions: "TUI @e55429b4; rmcp 3.11.0",
        },
        Fact {
            id: "empty-form-auto-accepted",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_EMPTY_FORM,
            trigger: EmptyForm,
            status: Degraded,
            sees: "under an auto-approve policy the approve-only form is accepted with `{}` without asking anyone; `codex exec` declines it",
            fix: Some(
                "ask for a required boolean (for example `confirm`) and go ahead only when it is `true`",
            ),
            evidence: &[
                code("openai/codex codex-rs/codex-mcp/src/elicitation.rs @191d14f1"),
                issue("openai/codex#23383"),
            ],
            versions: "codex-mcp @191d14f1",
        },
        Fact {
            id: "url-mode-opt-in",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_URL_MODE_LIMITED,
            trigger: UrlMode,
            status: Degraded,
            sees: "URL mode is declared only when it is enabled; otherwise Codex declares form mode alone and must not be sent a URL request",
            fix: Some(
                "check the client's `elicitation.url` capability and fall back to a form or a link in the tool result",
            ),
            evidence: &[code(
                "openai/codex codex-mcp connection-manager tests elicitation_capability_advertises_url_support_when_enabled",
            )],
            versions: "codex-mcp as stored (2026)",
        },
    ],
    notes: &[
        Note {
            text: "the form offers no decline: Esc cancels; the fallback approval dialog offers both",
            evidence: &[CODEX_TUI, issue("openai/codex#41797")],
            versions: "TUI @e55429b4",
        },
        Note {
            text: "the tool-call timer is paused while an elicitation is open",
            evidence: &[
                issue("openai/codex#17566"),
                code("openai/codex codex-rs/rmcp-client/src/rmcp_client.rs"),
            ],
            versions: "after PR #17566",
        },
        Note {
            text: "`codex exec` (headless) declines every elicitation",
            evidence: &[code("openai/codex codex-rs/exec/src/lib.rs @aa9e3682")],
            versions: "exec @aa9e3682",
        },
    ],
};

pub(crate) static VSCODE: Host = Host {
    id: "vscode",
    short: "VSC",
    name: "VS Code",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "1.102 (July 2025) and later",
    evidence: &[
        code(
            "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts @c5308376",
        ),
        issue("anthropics/claude-code#2799 (links the 1.102 release notes)"),
    ],
    declared: &[Declared {
        versions: "as probed 2026-07-23",
        within: ALWAYS,
        elicitation: Some(Declares::Capability(r#"{"form": {}, "url": {}}"#)),
        revisions: &["2025-11-25"],
        note: Some("it also declares task-augmented elicitation"),
        evidence: &[MCPJAM_CATALOG],
    }],
    facts: &[
        Fact {
            id: "falsy-default-ignored",
            within: ALWAYS,
            effect: DropDefault,
            rule: &rules::HOST_DEFAULT_NOT_SHOWN,
            trigger: FalsyDefault,
            status: Degraded,
            sees: "a default of `false`, 0 or \"\" is neither offered nor pre-selected: only truthy defaults are",
            fix: Some(
                "treat a missing answer as the default on the server, or phrase the field so its default is `true` or non-empty",
            ),
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24; defaults arrived with microsoft/vscode#265937 (2025-09-09)",
        },
        Fact {
            id: "titles-secondary",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: Shapes(&[LegacyNames, TitledSingle, TitledMulti]),
            status: Degraded,
            sees: "options show their raw values as labels, with the titles as grey text beside them",
            fix: Some(FIX_LABELS),
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
        Fact {
            id: "constraints-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern", "minItems", "maxItems"]),
            status: Degraded,
            sees: "`pattern`, `minItems` and `maxItems` are never enforced",
            fix: Some(FIX_PATTERN),
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
        Fact {
            id: "out-of-spec-text-field",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(&[
                &rules::PROPERTY_TYPE_UNSUPPORTED,
                &rules::NESTED_OBJECT,
                &rules::ARRAY_ITEMS_UNSUPPORTED,
            ]),
            status: Degraded,
            sees: "a nested object, a list of types or `items` without `type` falls through to a text field whose validator has no case for it",
            fix: Some(FIX_REFUSED),
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
        Fact {
            id: "unknown-format-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Rejected(&[&rules::FORMAT_UNSUPPORTED]),
            status: Degraded,
            sees: "a `format` outside email, uri, date and date-time is accepted and not checked",
            fix: Some(FIX_REFUSED),
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
        Fact {
            id: "no-schema",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(&[&rules::FORM_WITHOUT_SCHEMA]),
            status: Broken,
            sees: "nothing: a form request without `requestedSchema` is refused with -32602 \"Unsupported elicitation type\"",
            fix: Some(FIX_REFUSED),
            evidence: &[code(
                "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts @c5308376",
            )],
            versions: "@c5308376",
        },
    ],
    notes: &[
        Note {
            text: "the button labelled \"Cancel\" sends `decline`; dismissing the picker sends `cancel`",
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
        Note {
            text: "one field per quick-pick step; an optional field gets a \"None\" item",
            evidence: &[VSCODE_SERVICE],
            versions: "@c8898a24",
        },
    ],
};

pub(crate) static CURSOR: Host = Host {
    id: "cursor",
    short: "Cursor",
    name: "Cursor",
    kind: HostKind::App,
    elicitation: true,
    known: false,
    versions: "July-August 2025 and later",
    evidence: &[
        page("https://canimcp.dev/client/cursor-vscode"),
        issue("DollhouseMCP/mcp-server#1363"),
    ],
    declared: &[Declared {
        versions: "as probed 2026-08-14",
        within: ALWAYS,
        elicitation: Some(Declares::Capability(r#"{"form": {}}"#)),
        revisions: &["2025-11-25"],
        note: None,
        evidence: &[MCPJAM_CATALOG],
    }],
    facts: &[],
    notes: &[Note {
        text: "form mode is supported; nothing is established about how fields, defaults or cancels are shown",
        evidence: &[page("https://canimcp.dev/client/cursor-vscode")],
        versions: "protocol 2025-06-18 (clientInfo cursor-vscode)",
    }],
};

pub(crate) static COPILOT_CLI: Host = Host {
    id: "copilot-cli",
    short: "Copilot",
    name: "Copilot CLI",
    kind: HostKind::App,
    elicitation: true,
    known: false,
    versions: "1.0.83",
    evidence: &[issue("github/copilot-cli#4834")],
    declared: &[Declared {
        versions: "1.0.83",
        within: Within::only("1.0.83"),
        elicitation: Some(Declares::FormOnly),
        revisions: &["2025-11-25"],
        note: None,
        evidence: &[issue("github/copilot-cli#4834")],
    }],
    facts: &[],
    notes: &[],
};

pub(crate) static GOOSE_DESKTOP: Host = Host {
    id: "goose-desktop",
    short: "Goose-D",
    name: "Goose desktop",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "desktop UI @414c29b7 and @f816800e, backend @01aaa821",
    evidence: &[GOOSE_CLIENT, GOOSE_FORM],
    declared: &[Declared {
        versions: "as probed 2026-08-14",
        within: ALWAYS,
        elicitation: Some(Declares::Capability("{}")),
        revisions: &["2025-03-26"],
        note: None,
        evidence: &[MCPJAM_CATALOG],
    }],
    facts: &[
        Fact {
            id: "number-prefilled",
            within: ALWAYS,
            effect: PrefillMinimum,
            rule: &rules::HOST_NUMBER_PREFILLED,
            trigger: NumberWithoutDefault,
            status: Degraded,
            sees: "a number without a default is pre-filled with its `minimum` (or 0), so an untouched form sends that number",
            fix: Some(
                "give the field the `default` the person would expect, or validate that the answer was chosen",
            ),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "enum-names-raw",
            within: ALWAYS,
            effect: RawValues,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: Shapes(&[LegacyNames]),
            status: Degraded,
            sees: "an `enum` lists its raw values; the `enumNames` labels are not shown",
            fix: Some(FIX_LABELS),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "one-of-text-box",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: Shapes(&[TitledSingle]),
            status: Degraded,
            sees: "a `oneOf` field is a text box: its options are not offered, and the person must type a value exactly",
            fix: Some(
                "use `enum` with readable values (optionally with `oneOf` titles only for hosts that show them)",
            ),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "multi-select-text-box",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_MULTI_SELECT_UNSUPPORTED,
            trigger: Shapes(&[UntitledMulti]),
            status: Broken,
            sees: "a multi-select is a text box: the form has no arrays, so the options are not offered and the answer is not a list",
            fix: Some("ask with one boolean per option, or with several single-selects"),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "titled-multi-select-missing",
            within: ALWAYS,
            effect: DropField,
            rule: &rules::HOST_MULTI_SELECT_UNSUPPORTED,
            trigger: Shapes(&[TitledMulti]),
            status: Broken,
            sees: "a titled multi-select (`items.anyOf`) gets no usable field: the form has no arrays",
            fix: Some("ask with one boolean per option, or with several single-selects"),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "title-ignored",
            within: ALWAYS,
            effect: NameAsLabel,
            rule: &rules::HOST_TITLE_IGNORED,
            trigger: Retitled,
            status: Degraded,
            sees: "fields are labelled with their property names; `title` is not shown",
            fix: Some(
                "name the property so that it reads well as a label (`guest_count`, not `gc`)",
            ),
            evidence: &[GOOSE_FORM],
            versions: "UI @414c29b7",
        },
        Fact {
            id: "format-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["format", "pattern"]),
            status: Degraded,
            sees: "`format` and `pattern` are not checked: any text is sent",
            fix: Some(FIX_PATTERN),
            evidence: &[GOOSE_FORM, RMCP_TEST],
            versions: "UI @414c29b7; rmcp 3.11.0",
        },
        Fact {
            id: "empty-form",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_EMPTY_FORM,
            trigger: EmptyForm,
            status: Degraded,
            sees: "the form says \"No fields to display\"; older builds offer only a Submit button, so there is no way to decline",
            fix: Some(
                "ask for a required boolean (for example `confirm`) and go ahead only when it is `true`",
            ),
            evidence: &[GOOSE_FORM, issue("aaif-goose/goose#9024")],
            versions: "UI @414c29b7; #9024 closed 2026-05-05 (the fixed UI was not seen)",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED_RMCP),
            status: Broken,
            sees: "nothing: rmcp, which Goose parses requests with, does not recognise the request and answers -32601 (Method not found)",
            fix: Some(FIX_REFUSED),
            evidence: &[RMCP_TEST, RMCP_HANDLER],
            versions: "inferred from rmcp 3.11.0; Goose's pinned rmcp version was not checked",
        },
        Fact {
            id: "url-mode-as-form",
            within: ALWAYS,
            effect: UrlAsEmptyForm,
            rule: &rules::HOST_URL_MODE_LIMITED,
            trigger: UrlMode,
            status: Degraded,
            sees: "Goose does not declare URL mode; a URL request becomes a form with no fields",
            fix: Some(
                "check the client's `elicitation.url` capability and fall back to a link in the tool result",
            ),
            evidence: &[GOOSE_CLIENT, GOOSE_FORM],
            versions: "backend @01aaa821",
        },
        Fact {
            id: "no-input-required",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_INPUT_REQUIRED_UNSUPPORTED,
            trigger: InputRequired,
            status: Unsupported,
            sees: "nothing: Goose declares protocol 2025-03-26 and never retries with the answers an InputRequiredResult asks for",
            fix: Some(
                "negotiate the revision with the client and send an `elicitation/create` request to clients before 2026-07-28",
            ),
            evidence: &[GOOSE_CLIENT],
            versions: "backend @01aaa821",
        },
    ],
    notes: &[
        Note {
            text: "the server is not named (\"Goose needs some information from you.\"); older builds have only a Submit button",
            evidence: &[
                code("aaif-goose/goose ui/desktop/src/components/ElicitationRequest.tsx @f816800e"),
                issue("aaif-goose/goose#9024"),
            ],
            versions: "UI @f816800e",
        },
        Note {
            text: "the request times out after 300 s (-32603 \"Elicitation request timed out or failed\"); the form may appear only after the tool call timed out",
            evidence: &[GOOSE_CLIENT, issue("block/goose#6471")],
            versions: "backend @01aaa821",
        },
    ],
};

pub(crate) static GOOSE_CLI_HOST: Host = Host {
    id: "goose-cli",
    short: "Goose-C",
    name: "Goose CLI",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "goose-cli @0de0a328, backend @01aaa821",
    evidence: &[GOOSE_CLI, GOOSE_CLIENT],
    declared: &[Declared {
        versions: "as probed 2026-08-14",
        within: ALWAYS,
        elicitation: Some(Declares::Capability("{}")),
        revisions: &["2025-03-26"],
        note: None,
        evidence: &[MCPJAM_CATALOG],
    }],
    facts: &[
        Fact {
            id: "enum-names-raw",
            within: ALWAYS,
            effect: RawValues,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: Shapes(&[LegacyNames]),
            status: Degraded,
            sees: "an `enum` offers its raw values; the `enumNames` labels are not shown",
            fix: Some(FIX_LABELS),
            evidence: &[GOOSE_CLI],
            versions: "@0de0a328",
        },
        Fact {
            id: "multi-select-as-text",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_MULTI_SELECT_UNSUPPORTED,
            trigger: Shapes(&[UntitledMulti, TitledMulti]),
            status: Broken,
            sees: "a multi-select is read as plain text, so the answer is a string, not a list of options",
            fix: Some("ask with one boolean per option, or with several single-selects"),
            evidence: &[GOOSE_CLI],
            versions: "@0de0a328",
        },
        Fact {
            id: "one-of-menu-alone",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: ShapesAmongOthers(&[TitledSingle]),
            status: Degraded,
            sees: "a `oneOf` field is a menu only when it is the form's one field; beside other fields its options are not listed and the person must type a `const` exactly",
            fix: Some(
                "ask for the choice in a form of its own, or use `enum` with readable values",
            ),
            evidence: &[GOOSE_CLI],
            versions: "@0de0a328",
        },
        Fact {
            id: "constraints-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&[
                "minLength",
                "maxLength",
                "minimum",
                "maximum",
                "format",
                "pattern",
            ]),
            status: Degraded,
            sees: "lengths, bounds, `format` and `pattern` are not checked: any answer is sent",
            fix: Some(FIX_PATTERN),
            evidence: &[GOOSE_CLI, RMCP_TEST],
            versions: "@0de0a328; rmcp 3.11.0",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED_RMCP),
            status: Broken,
            sees: "nothing: rmcp, which Goose parses requests with, does not recognise the request and answers -32601 (Method not found)",
            fix: Some(FIX_REFUSED),
            evidence: &[RMCP_TEST, RMCP_HANDLER],
            versions: "inferred from rmcp 3.11.0; Goose's pinned rmcp version was not checked",
        },
        Fact {
            id: "url-mode-as-form",
            within: ALWAYS,
            effect: UrlAsEmptyForm,
            rule: &rules::HOST_URL_MODE_LIMITED,
            trigger: UrlMode,
            status: Degraded,
            sees: "Goose does not declare URL mode; a URL request becomes a form with no fields",
            fix: Some(
                "check the client's `elicitation.url` capability and fall back to a link in the tool result",
            ),
            evidence: &[GOOSE_CLIENT],
            versions: "backend @01aaa821",
        },
        Fact {
            id: "no-input-required",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_INPUT_REQUIRED_UNSUPPORTED,
            trigger: InputRequired,
            status: Unsupported,
            sees: "nothing: Goose declares protocol 2025-03-26 and never retries with the answers an InputRequiredResult asks for",
            fix: Some(
                "negotiate the revision with the client and send an `elicitation/create` request to clients before 2026-07-28",
            ),
            evidence: &[GOOSE_CLIENT],
            versions: "backend @01aaa821",
        },
    ],
    notes: &[
        Note {
            text: "a one-field select form is a menu; empty forms are an \"Approve?\" confirm; Ctrl-C cancels; a missing required answer declines; `[default]` is used on Enter",
            evidence: &[GOOSE_CLI],
            versions: "@0de0a328",
        },
        Note {
            text: "without an interactive terminal the run stops with an error and the server waits out 300 s",
            evidence: &[
                code("aaif-goose/goose crates/goose-cli/src/session/mod.rs"),
                GOOSE_CLIENT,
            ],
            versions: "backend @01aaa821",
        },
    ],
};

const NO_ELICITATION_FIX: &str = "check the client's `elicitation` capability and fall back (a tool argument, a default, or a message telling the person what is needed)";

pub(crate) static ZED: Host = Host {
    id: "zed",
    short: "Zed",
    name: "Zed",
    kind: HostKind::App,
    elicitation: false,
    known: true,
    versions: "Zed's own MCP client (protocol 2025-03-26), as of 2026-11",
    evidence: &[code(
        "zed-industries/zed crates/context_server/src/protocol.rs @03c77942",
    )],
    declared: &[],
    facts: &[Fact {
        id: "no-elicitation",
        within: ALWAYS,
        effect: NotShown { sends: None },
        rule: &rules::HOST_NO_ELICITATION,
        trigger: Any,
        status: Unsupported,
        sees: "nothing: Zed declares no elicitation capability and never answers the request, so the tool call dies at Zed's 60 s timeout",
        fix: Some(NO_ELICITATION_FIX),
        evidence: &[
            code("zed-industries/zed crates/context_server/src/protocol.rs @03c77942"),
            code("zed-industries/zed crates/context_server/src/client.rs @063048a6"),
        ],
        versions: "protocol.rs @03c77942, client.rs @063048a6",
    }],
    notes: &[],
};

pub(crate) static CONTINUE: Host = Host {
    id: "continue",
    short: "Continue",
    name: "Continue",
    kind: HostKind::App,
    elicitation: false,
    known: true,
    versions: "@d0a3c0b626 (2026-06-18)",
    evidence: &[code(
        "continuedev/continue core/context/mcp/MCPConnection.ts @d0a3c0b626",
    )],
    declared: &[],
    facts: &[Fact {
        id: "no-elicitation",
        within: ALWAYS,
        effect: NotShown { sends: None },
        rule: &rules::HOST_NO_ELICITATION,
        trigger: Any,
        status: Unsupported,
        sees: "nothing: Continue declares no elicitation capability, so the request fails with -32601 (Method not found)",
        fix: Some(NO_ELICITATION_FIX),
        evidence: &[
            code("continuedev/continue core/context/mcp/MCPConnection.ts @d0a3c0b626"),
            code("continuedev/continue extensions/cli/src/services/MCPService.ts @d0a3c0b626"),
        ],
        versions: "@d0a3c0b626",
    }],
    notes: &[],
};

pub(crate) static CLINE: Host = Host {
    id: "cline",
    short: "Cline",
    name: "Cline",
    kind: HostKind::App,
    elicitation: false,
    known: true,
    versions: "@21cb8d2525 (2026-08-22)",
    evidence: &[code(
        "cline/cline apps/vscode/src/services/mcp/McpHub.ts @21cb8d2525",
    )],
    declared: &[],
    facts: &[Fact {
        id: "no-elicitation",
        within: ALWAYS,
        effect: NotShown { sends: None },
        rule: &rules::HOST_NO_ELICITATION,
        trigger: Any,
        status: Unsupported,
        sees: "nothing: Cline declares no elicitation capability, so the request fails with -32601 (Method not found)",
        fix: Some(NO_ELICITATION_FIX),
        evidence: &[
            code("cline/cline apps/vscode/src/services/mcp/McpHub.ts @21cb8d2525"),
            code("cline/cline sdk/packages/core/src/extensions/mcp/client.ts @21cb8d2525"),
        ],
        versions: "@21cb8d2525",
    }],
    notes: &[],
};

pub(crate) static GEMINI_CLI: Host = Host {
    id: "gemini-cli",
    short: "gemini",
    name: "gemini-cli",
    kind: HostKind::App,
    elicitation: false,
    known: true,
    versions: "v0.33.1 to @5411f113ca (2026-08-21)",
    evidence: &[code(
        "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f113ca",
    )],
    declared: &[],
    facts: &[Fact {
        id: "no-elicitation",
        within: ALWAYS,
        effect: NotShown { sends: None },
        rule: &rules::HOST_NO_ELICITATION,
        trigger: Any,
        status: Unsupported,
        sees: "nothing: gemini-cli declares only `roots`, so the request fails with -32601 (Method not found)",
        fix: Some(NO_ELICITATION_FIX),
        evidence: &[
            code("google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f113ca"),
            issue("google-gemini/gemini-cli#22249"),
        ],
        versions: "v0.33.1 to @5411f113ca",
    }],
    notes: &[],
};

pub(crate) static FAST_AGENT: Host = Host {
    id: "fast-agent",
    short: "fast-agent",
    name: "fast-agent",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "@610a2f57 (2026-08-18), on the Python SDK 2.0.0",
    evidence: &[code(
        "evalstate/fast-agent src/fast_agent/ui/elicitation_form.py @610a2f57",
    )],
    declared: &[],
    facts: &[
        Fact {
            id: "out-of-spec-text-box",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(&[
                &rules::PROPERTY_TYPE_UNSUPPORTED,
                &rules::NESTED_OBJECT,
                &rules::ARRAY_ITEMS_UNSUPPORTED,
            ]),
            status: Degraded,
            sees: "a nested object, a list of types or `items` without `type` is shown as a text box",
            fix: Some(FIX_REFUSED),
            evidence: &[code(
                "evalstate/fast-agent src/fast_agent/ui/elicitation_form.py @610a2f57",
            )],
            versions: "@610a2f57",
        },
        Fact {
            id: "unknown-format-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Rejected(&[&rules::FORMAT_UNSUPPORTED]),
            status: Degraded,
            sees: "a `format` outside email, uri, date and date-time is not checked",
            fix: Some(FIX_REFUSED),
            evidence: &[code(
                "evalstate/fast-agent src/fast_agent/ui/elicitation_form.py @610a2f57",
            )],
            versions: "@610a2f57",
        },
        Fact {
            id: "no-schema",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(&[&rules::FORM_WITHOUT_SCHEMA]),
            status: Broken,
            sees: "nothing: the Python SDK answers a form request without `requestedSchema` with -32602",
            fix: Some(FIX_REFUSED),
            evidence: &[code(
                "modelcontextprotocol/python-sdk src/mcp/shared/session.py @4dc224fab",
            )],
            versions: "Python SDK v1.x; fast-agent on mcp 2.0.0 (inferred)",
        },
    ],
    notes: &[
        Note {
            text: "every shape is rendered and every constraint checked, `pattern` included; Submit, Decline, Cancel and Cancel All; the server is named",
            evidence: &[code(
                "evalstate/fast-agent src/fast_agent/ui/elicitation_form.py @610a2f57",
            )],
            versions: "@610a2f57",
        },
        Note {
            text: "modes `auto-cancel` and `none` answer without a person",
            evidence: &[code(
                "evalstate/fast-agent src/fast_agent/mcp/elicitation_factory.py @610a2f57",
            )],
            versions: "@610a2f57",
        },
    ],
};

pub(crate) static MCPORTER_HOST: Host = Host {
    id: "mcporter",
    short: "mcporter",
    name: "mcporter",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "@ae3d900 (2026-08-21), on @modelcontextprotocol/client ^2.0.0",
    evidence: &[MCPORTER],
    declared: &[],
    facts: &[
        Fact {
            id: "empty-form-accepted",
            within: ALWAYS,
            effect: NotShown {
                sends: Some(r#"{"action": "accept", "content": {}}"#),
            },
            rule: &rules::HOST_EMPTY_FORM,
            trigger: EmptyForm,
            status: Broken,
            sees: "the approve-only form is accepted at once: the person is never asked",
            fix: Some(
                "ask for a required boolean (for example `confirm`) and go ahead only when it is `true`",
            ),
            evidence: &[MCPORTER],
            versions: "@ae3d900",
        },
        Fact {
            id: "titles-not-shown",
            within: ALWAYS,
            effect: RawValues,
            rule: &rules::HOST_OPTIONS_UNLABELLED,
            trigger: Shapes(&[LegacyNames, TitledSingle, TitledMulti]),
            status: Degraded,
            sees: "options show their raw values; titles and `enumNames` are never shown",
            fix: Some(FIX_LABELS),
            evidence: &[MCPORTER],
            versions: "@ae3d900",
        },
        Fact {
            id: "constraints-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["format", "pattern", "minItems", "maxItems"]),
            status: Degraded,
            sees: "`format`, `pattern`, `minItems` and `maxItems` are not checked (`pattern` is stripped by the SDK)",
            fix: Some(FIX_PATTERN),
            evidence: &[MCPORTER, TS2_TEST],
            versions: "@ae3d900",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED),
            status: Broken,
            sees: "nothing: the TypeScript SDK v2 refuses the request with -32602 \"Invalid elicitation request\"",
            fix: Some(FIX_REFUSED),
            evidence: &[TS2_TEST, TS2_CLIENT],
            versions: "@ae3d900 (TypeScript SDK v2)",
        },
    ],
    notes: &[
        Note {
            text: "the npm release 0.12.3 has no elicitation: it declares none and answers every request -32601 (Method not found); the facts here are read in its source, after that release",
            evidence: &[probe(
                "examples/probe/mcporter-0.12.3.jsonl (mcporter 0.12.3 from npm, `call --stdio`, every shape answered -32601)",
            )],
            versions: "0.12.3 (npm, 2026-08-24)",
        },
        Note {
            text: "Ctrl-C and end of input send `decline`, never `cancel`; without a terminal (and in `serve` and the daemon) every elicitation is declined",
            evidence: &[MCPORTER],
            versions: "@ae3d900",
        },
        Note {
            text: "the 60 s default call timeout includes the time the person types (MCPORTER_CALL_TIMEOUT or --timeout raise it)",
            evidence: &[code("openclaw/mcporter src/cli/timeouts.ts @ae3d900")],
            versions: "@ae3d900",
        },
    ],
};

pub(crate) static INSPECTOR: Host = Host {
    id: "inspector",
    short: "Insp2",
    name: "MCP Inspector v2",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "v2.3.0 @86d5f58e",
    evidence: &[INSPECTOR_FORM],
    declared: &[],
    facts: &[
        Fact {
            id: "constraints-unchecked",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["format", "pattern", "minItems", "maxItems"]),
            status: Degraded,
            sees: "`format`, `pattern`, `minItems` and `maxItems` are not checked (`pattern` is stripped by the SDK)",
            fix: Some(FIX_PATTERN),
            evidence: &[INSPECTOR_FORM, TS2_TEST],
            versions: "@86d5f58e",
        },
        Fact {
            id: "lengths-html-only",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["minLength", "maxLength"]),
            status: Degraded,
            sees: "`minLength` and `maxLength` reach the text box only as its HTML `minlength` and `maxlength` attributes: the form makes no length check of its own, so what is held back is up to the browser",
            fix: Some(FIX_PATTERN),
            evidence: &[INSPECTOR_FORM],
            versions: "@86d5f58e",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED),
            status: Broken,
            sees: "nothing: the TypeScript SDK v2 refuses the request with -32602 \"Invalid elicitation request\"",
            fix: Some(FIX_REFUSED),
            evidence: &[TS2_TEST, TS2_CLIENT],
            versions: "@86d5f58e (TypeScript SDK v2)",
        },
    ],
    notes: &[Note {
        text: "the tool call times out after 60 s unless a request timeout is configured; the CLI declares no elicitation",
        evidence: &[
            code("modelcontextprotocol/inspector core/mcp/inspectorClient.ts @86d5f58e"),
            code("modelcontextprotocol/inspector clients/cli/src/cli.ts @86d5f58e"),
        ],
        versions: "@86d5f58e",
    }],
};

pub(crate) static INSPECTOR_V1: Host = Host {
    id: "inspector-v1",
    short: "Insp1",
    name: "MCP Inspector v1",
    kind: HostKind::App,
    elicitation: true,
    known: true,
    versions: "0.x and 1.0, v1/main @cc416f0f",
    evidence: &[code(
        "modelcontextprotocol/inspector client/src/components/ElicitationRequest.tsx @cc416f0f",
    )],
    declared: &[],
    facts: &[
        Fact {
            id: "pattern-stripped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern"]),
            status: Degraded,
            sees: "`pattern` is stripped by the SDK before the form's validator sees it",
            fix: Some(FIX_PATTERN),
            evidence: &[TS1_TEST],
            versions: "TypeScript SDK v1",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED),
            status: Broken,
            sees: "nothing: the TypeScript SDK v1 refuses the request with -32603 and a list of zod issues",
            fix: Some(FIX_REFUSED),
            evidence: &[TS1_TEST, TS1_TYPES],
            versions: "TypeScript SDK v1",
        },
    ],
    notes: &[Note {
        text: "distinct Decline and Cancel buttons; 300 s default request timeout",
        evidence: &[code(
            "modelcontextprotocol/inspector client/src/lib/constants.ts @cc416f0f",
        )],
        versions: "@cc416f0f",
    }],
};

pub(crate) static TS_SDK: Host = Host {
    id: "ts-sdk",
    short: "TS1",
    name: "TypeScript SDK 1.22+",
    kind: HostKind::Sdk,
    elicitation: true,
    known: true,
    versions: "@modelcontextprotocol/sdk 1.22 and later (1.30.0, 1.32.2 checked)",
    evidence: &[TS1_TYPES],
    declared: &[],
    facts: &[
        Fact {
            id: "root-title-stripped",
            within: ALWAYS,
            effect: Caveat,
            rule: &rules::HOST_TITLE_IGNORED,
            trigger: RootKeys(&["title", "description"]),
            status: Degraded,
            sees: "a root `title` and `description` are stripped before the host's handler sees them, so the form cannot show them",
            fix: Some("say what the form is for in the params' `message`"),
            evidence: &[test(
                "@modelcontextprotocol/sdk 1.32.2 (npm), tests/peers/probe.rs: the probe's root-title form reaches the handler without them",
            )],
            versions: "1.32.2",
        },
        Fact {
            id: "pattern-stripped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern"]),
            status: Degraded,
            sees: "`pattern` is stripped before the host's handler sees it",
            fix: Some(FIX_PATTERN),
            evidence: &[TS1_TEST],
            versions: "1.32.2",
        },
        Fact {
            id: "numeric-enum-dropped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_ENUM_FREE_TEXT,
            trigger: NumericEnum,
            status: Degraded,
            sees: "an `enum` on a number is stripped before the host's handler sees it, so the host offers no options and any number may come back",
            fix: Some(FIX_NUMERIC_ENUM),
            evidence: &[TS1_NUMERIC_ENUM],
            versions: "1.32.2",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED),
            status: Broken,
            sees: "nothing: the SDK refuses the request with -32603 and a list of zod issues before the host sees it",
            fix: Some(FIX_REFUSED),
            evidence: &[
                TS1_TEST,
                TS1_TYPES,
                code("modelcontextprotocol/typescript-sdk src/shared/protocol.ts @2d889f2b3"),
            ],
            versions: "1.30.0, 1.32.2",
        },
    ],
    notes: &[Note {
        text: "a host's `tools/call` times out after 60 s by default, and progress does not extend it unless `resetTimeoutOnProgress` is set",
        evidence: &[code(
            "modelcontextprotocol/typescript-sdk src/shared/protocol.ts @2d889f2b3",
        )],
        versions: "v1.x",
    }],
};

pub(crate) static TS_SDK_OLD: Host = Host {
    id: "ts-sdk-old",
    short: "TS1-old",
    name: "TypeScript SDK 1.13-1.21",
    kind: HostKind::Sdk,
    elicitation: true,
    known: true,
    versions: "@modelcontextprotocol/sdk 1.13 to 1.21 (June to November 2025)",
    evidence: &[code(
        "modelcontextprotocol/typescript-sdk src/types.ts @fcc7da8c (1.21.1)",
    )],
    declared: &[],
    facts: &[
        Fact {
            id: "enum-free-text",
            within: ALWAYS,
            effect: FreeText,
            rule: &rules::HOST_ENUM_FREE_TEXT,
            trigger: Shapes(&[UntitledEnum, LegacyNames]),
            status: Degraded,
            sees: "an `enum` is dropped before the host sees it: the person gets a free-text field",
            fix: Some(
                "validate the answer against the options on the server; hosts on 1.22 and later show the options",
            ),
            evidence: &[
                code("modelcontextprotocol/typescript-sdk src/types.ts @fcc7da8c (1.21.1)"),
                test(
                    "zod 3.25.76 with the 1.21 union: {type:\"string\",enum:[...],enumNames:[...]} parses as {type:\"string\"}",
                ),
            ],
            versions: "1.13 to 1.21; fixed in 1.22.0 (ce420f8f)",
        },
        Fact {
            id: "pattern-stripped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern"]),
            status: Degraded,
            sees: "`pattern` is stripped before the host's handler sees it",
            fix: Some(FIX_PATTERN),
            evidence: &[code(
                "modelcontextprotocol/typescript-sdk src/types.ts @fcc7da8c (1.21.1)",
            )],
            versions: "1.13 to 1.21",
        },
    ],
    notes: &[],
};

pub(crate) static TS_SDK_V2: Host = Host {
    id: "ts-sdk-v2",
    short: "TS2",
    name: "TypeScript SDK v2",
    kind: HostKind::Sdk,
    elicitation: true,
    known: true,
    versions: "@modelcontextprotocol/client 2.0 and later (2.4.0 checked)",
    evidence: &[TS2_CLIENT],
    declared: &[],
    facts: &[
        Fact {
            id: "pattern-stripped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern"]),
            status: Degraded,
            sees: "`pattern` is stripped before the host's handler sees it",
            fix: Some(FIX_PATTERN),
            evidence: &[TS2_TEST],
            versions: "2.4.0",
        },
        Fact {
            id: "numeric-enum-dropped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_ENUM_FREE_TEXT,
            trigger: NumericEnum,
            status: Degraded,
            sees: "an `enum` on a number is stripped before the host's handler sees it, so the host offers no options and any number may come back",
            fix: Some(FIX_NUMERIC_ENUM),
            evidence: &[TS2_NUMERIC_ENUM],
            versions: "2.4.0",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED),
            status: Broken,
            sees: "nothing: the SDK refuses the request with -32602 \"Invalid elicitation request\" before the host sees it",
            fix: Some(FIX_REFUSED),
            evidence: &[TS2_TEST, TS2_CLIENT],
            versions: "2.4.0",
        },
    ],
    notes: &[Note {
        text: "a host's `tools/call` times out after 60 s by default",
        evidence: &[code(
            "modelcontextprotocol/typescript-sdk packages/core-internal/src/shared/protocol.ts @3924de99d",
        )],
        versions: "v2",
    }],
};

pub(crate) static PYTHON_SDK: Host = Host {
    id: "python-sdk",
    short: "Py",
    name: "Python SDK",
    kind: HostKind::Sdk,
    elicitation: true,
    known: true,
    versions: "mcp 1.10 (June 2025) and later, v1.x @4dc224fab and v2 @57394b054",
    evidence: &[code(
        "modelcontextprotocol/python-sdk src/mcp/types.py @4dc224fab",
    )],
    declared: &[
        Declared {
            versions: "v1.x (1.30.0 probed; clientInfo `mcp` 0.1.0, the SDK's default)",
            within: ALWAYS,
            elicitation: Some(Declares::Capability(r#"{"form": {}, "url": {}}"#)),
            revisions: &["2025-11-25"],
            note: None,
            evidence: &[probe(
                "examples/probe/python-sdk-1.30.0.jsonl (mcp 1.30.0 in 2025-11-25 over stdio, every shape as asked)",
            )],
        },
        Declared {
            versions: "v2 (2.3.0 probed; clientInfo `mcp` 0.1.0, the SDK's default)",
            within: ALWAYS,
            elicitation: Some(Declares::Capability(r#"{"form": {}, "url": {}}"#)),
            revisions: &["2026-07-28", "2025-11-25"],
            note: None,
            evidence: &[probe(
                "examples/probe/python-sdk-2.3.0.jsonl (mcp 2.3.0 in 2026-07-28 over stdio, every shape as asked)",
            )],
        },
    ],
    facts: &[
        Fact {
            id: "no-schema",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(&[&rules::FORM_WITHOUT_SCHEMA]),
            status: Broken,
            sees: "nothing: a form request without `requestedSchema` is answered -32602 \"Invalid request parameters\" (any other shape reaches the host as a raw dict)",
            fix: Some(FIX_REFUSED),
            evidence: &[code(
                "modelcontextprotocol/python-sdk src/mcp/shared/session.py @4dc224fab",
            )],
            versions: "v1.x",
        },
        Fact {
            id: "no-input-required-v1",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_INPUT_REQUIRED_UNSUPPORTED,
            trigger: InputRequired,
            status: Unsupported,
            sees: "nothing on a v1.x client: only v2 handles an InputRequiredResult",
            fix: Some(
                "negotiate the revision with the client and send an `elicitation/create` request to clients before 2026-07-28",
            ),
            evidence: &[code(
                "modelcontextprotocol/python-sdk src/mcp/client/_input_required.py @57394b054",
            )],
            versions: "v1.x (v2 handles it)",
        },
    ],
    notes: &[Note {
        text: "the schema reaches the host as a raw dict, unchecked; no client timeout by default",
        evidence: &[code(
            "modelcontextprotocol/python-sdk src/mcp/types.py @4dc224fab",
        )],
        versions: "v1.x and v2",
    }],
};

pub(crate) static RMCP: Host = Host {
    id: "rmcp",
    short: "rmcp",
    name: "rmcp (Rust SDK)",
    kind: HostKind::Sdk,
    elicitation: true,
    known: true,
    versions: "rmcp 3.11.0 (crates.io), rust-sdk @4a738b9d",
    evidence: &[RMCP_TEST, RMCP_HANDLER],
    declared: &[],
    facts: &[
        Fact {
            id: "pattern-dropped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_CONSTRAINT_IGNORED,
            trigger: Keywords(&["pattern"]),
            status: Degraded,
            sees: "`pattern` is dropped by the typed model",
            fix: Some(FIX_PATTERN),
            evidence: &[RMCP_TEST],
            versions: "3.11.0",
        },
        Fact {
            id: "numeric-enum-dropped",
            within: ALWAYS,
            effect: DropKeyword,
            rule: &rules::HOST_ENUM_FREE_TEXT,
            trigger: NumericEnum,
            status: Degraded,
            sees: "an `enum` on a number is dropped by the typed model, so the host offers no options and any number may come back",
            fix: Some(FIX_NUMERIC_ENUM),
            evidence: &[RMCP_NUMERIC_ENUM],
            versions: "3.11.0",
        },
        Fact {
            id: "refused",
            within: ALWAYS,
            effect: NotShown { sends: None },
            rule: &rules::HOST_REJECTS_SHAPE,
            trigger: Rejected(REFUSED_RMCP),
            status: Broken,
            sees: "nothing: the request does not fit the typed model, parses as a custom request and is answered -32601 (Method not found)",
            fix: Some(FIX_REFUSED),
            evidence: &[RMCP_TEST, RMCP_HANDLER],
            versions: "3.11.0",
        },
    ],
    notes: &[],
};
