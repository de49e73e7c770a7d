//! Every rule the linter knows, in one sorted static table, with its docs.
//!
//! Codes are stable: a letter for the severity (`E` error, `W` warning, `N`
//! note) and three digits whose first names the theme: 0 documents and JSON,
//! 1 params and the schema root, 2 property shapes, 3 options, 4 defaults and
//! bounds, 5 URL mode, 6 sensitive data and advice, 7 answers and sessions
//! (74x: drift, reported only by `replay SESSION TARGET` against a live
//! server, never by `lint`), 8 hosts (what a host named with `lint --hosts`
//! does with the elicitation, from the facts in [`crate::hosts`]).

use crate::finding::Severity;

/// One lint rule and its documentation.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// What the rule checks, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// What the rule reports, and the same fixed.
    pub example: Example,
}

/// A rule's example, as `--explain` shows it.
#[derive(Debug, PartialEq, Eq)]
pub struct Example {
    /// A document the rule reports.
    pub bad: &'static str,
    /// The same document, fixed.
    pub good: &'static str,
    /// Whether the documents are the rule's test fixtures
    /// (`tests/fixtures/rules/CODE.{bad,good}.json[l]`), which the test
    /// suite lints to check that the first reports the rule where
    /// `expected.txt` says and the second does not. The drift and host
    /// rules, which no file alone can show, describe theirs in words.
    pub linted: bool,
    /// The revision the fixtures are linted under (`lint --spec`), or
    /// `None` when the documents name their own.
    pub spec: Option<&'static str>,
    /// The fixtures' file extension (`json`, `jsonl`, `ts`, `py`), for the
    /// language of a code block.
    pub ext: &'static str,
}

/// A rule's examples: its test fixtures, checked to report it.
macro_rules! fixture {
    ($code:literal, $ext:literal, auto) => {
        fixture!(@ $code, $ext, None)
    };
    ($code:literal, $ext:literal, $spec:literal) => {
        fixture!(@ $code, $ext, Some($spec))
    };
    (@ $code:literal, $ext:literal, $spec:expr) => {
        Example {
            bad: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/rules/",
                $code,
                ".bad.",
                $ext
            )),
            good: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/rules/",
                $code,
                ".good.",
                $ext
            )),
            linted: true,
            spec: $spec,
            ext: $ext,
        }
    };
}

/// A rule's examples in words, where no document alone can show it.
macro_rules! words {
    ($bad:literal, $good:literal) => {
        Example {
            bad: $bad,
            good: $good,
            linted: false,
            spec: None,
            ext: "",
        }
    };
}

macro_rules! rules {
    ($( $ident:ident = $code:literal $name:literal $sev:ident
        summary: $summary:literal
        why: $why:literal
        example: $example:expr ; )*) => {
        $(
            pub static $ident: Rule = Rule {
                code: $code,
                name: $name,
                severity: Severity::$sev,
                summary: $summary,
                why: $why,
                example: $example,
            };
        )*
        /// All rules, sorted by code.
        pub static ALL: &[&Rule] = &[$(&$ident),*];
    };
}

rules! {
    INVALID_JSON = "E001" "invalid-json" Error
        summary: "The file, or a line of a JSONL file, is not valid JSON."
        why: "Nothing can be checked in a document that does not parse, and a peer that receives it answers with a parse error."
        example: fixture!("E001", "json", "2026-07-28");
    UNRECOGNIZED_DOCUMENT = "W002" "unrecognized-document" Warning
        summary: "The document is none of the elicitation documents the linter knows."
        why: "A file that is linted but not recognised would otherwise pass silently. Known documents: a requestedSchema, a property schema, elicitation/create params, a JSON-RPC request or response, an InputRequiredResult, inputRequests or inputResponses maps, an ElicitResult, client capabilities, and session files."
        example: fixture!("W002", "json", "2026-07-28");
    PRE_RELEASE_DRAFT = "E003" "pre-release-draft" Error
        summary: "The document uses the early elicitation draft (a bare message, answers as a content array with `cancelled`) that no published revision uses."
        why: "No client or server of a published revision understands this shape: requests need a requestedSchema (or URL mode) and answers an action."
        example: fixture!("E003", "json", "2025-11-25");
    DUPLICATE_KEY = "E004" "duplicate-key" Error
        summary: "An object has the same key twice."
        why: "JSON readers disagree on which of two equal keys wins (the first, the last, or an error), so the server and the client may see different schemas."
        example: fixture!("E004", "json", "2026-07-28");
    REQUEST_CARRIER_CHANGED = "N005" "server-request-in-mrtr-revision" Note
        summary: "A server-to-client `elicitation/create` JSON-RPC request is linted under 2026-07-28, where elicitations travel inside an InputRequiredResult."
        why: "From 2026-07-28 servers no longer send requests to clients; they return `resultType: \"input_required\"` with `inputRequests` and the client retries."
        example: fixture!("N005", "json", "2026-07-28");
    SOURCE_NOT_STATIC = "N006" "source-not-static" Note
        summary: "Part of an elicitation found in source code cannot be known without running the server."
        why: "Read from source, an elicitation is checked as the server will send it. A value computed at run time (a schema built in another module, options fetched from an API, a message formatted with variables) is not guessed: it is left out of the checks, and this note says what was not checked, at its place."
        example: fixture!("N006", "ts", auto);
    PARAMS_NOT_OBJECT = "E110" "params-not-object" Error
        summary: "`elicitation/create` has no params object."
        why: "The params carry the message and the schema; without them a client has nothing to ask."
        example: fixture!("E110", "json", "2026-07-28");
    MESSAGE_MISSING = "E111" "message-missing" Error
        summary: "The params have no `message` string."
        why: "`message` is required in every revision and mode: it tells the person why they are asked."
        example: fixture!("E111", "json", "2026-07-28");
    FORM_WITHOUT_SCHEMA = "E112" "form-without-schema" Error
        summary: "Form-mode params have no `requestedSchema`."
        why: "`requestedSchema` is required in form mode; a client cannot build a form without it."
        example: fixture!("E112", "json", "2025-11-25");
    MODE_INVALID = "E113" "mode-invalid" Error
        summary: "`mode` is neither \"form\" nor \"url\"."
        why: "Only the two modes exist; a client answers any other with an error."
        example: fixture!("E113", "json", "2026-07-28");
    URL_MODE_UNSUPPORTED = "E114" "url-mode-unsupported" Error
        summary: "URL mode is used under 2025-06-18, which has form mode only."
        why: "URL mode arrived in 2025-11-25; a 2025-06-18 client does not know it."
        example: fixture!("E114", "jsonl", auto);
    PARAMS_UNKNOWN_KEY = "W115" "params-unknown-key" Warning
        summary: "The params carry a key the revision does not declare."
        why: "Clients ignore or reject undeclared keys; what the server meant by them is lost."
        example: fixture!("W115", "json", "2026-07-28");
    MODE_MIXED = "E116" "mode-mixed" Error
        summary: "Params mix the keys of the two modes (`url` in form mode, `requestedSchema` in URL mode)."
        why: "A client reads params by their mode; keys of the other mode are ignored, so the request does not do what it seems to."
        example: fixture!("E116", "json", "2026-07-28");
    SCHEMA_NOT_OBJECT = "E120" "schema-not-object" Error
        summary: "`requestedSchema` is not an object with `type: \"object\"`."
        why: "The root of every requested schema is exactly `{type: \"object\", properties, required?}`."
        example: fixture!("E120", "json", "2026-07-28");
    SCHEMA_MISSING_PROPERTIES = "E121" "schema-missing-properties" Error
        summary: "`requestedSchema` has no `properties` object."
        why: "`properties` is required: it lists the fields of the form. Use `{}` for a plain approve/decline prompt."
        example: fixture!("E121", "json", "2026-07-28");
    SCHEMA_UNKNOWN_KEY = "E122" "schema-unknown-key" Error
        summary: "The root of `requestedSchema` has a key the revision does not allow (`title`, `additionalProperties`, `$defs`, ...)."
        why: "The root is exactly `type`, `properties` and `required` (and `$schema` from 2025-11-25). Clients ignore or reject anything else."
        example: fixture!("E122", "json", "2026-07-28");
    REQUIRED_MALFORMED = "E123" "required-malformed" Error
        summary: "`required` is not an array of property names."
        why: "`required` must be an array of strings naming properties."
        example: fixture!("E123", "json", "2026-07-28");
    REQUIRED_UNKNOWN = "E124" "required-unknown-property" Error
        summary: "`required` names a property that `properties` does not have."
        why: "A client cannot ask for a field it does not know; the server will never get the value it requires."
        example: fixture!("E124", "json", "2026-07-28");
    REQUIRED_DUPLICATE = "W125" "required-duplicate" Warning
        summary: "`required` names the same property twice."
        why: "Harmless to most readers but a sign of a copy-paste slip; JSON Schema asks for unique entries."
        example: fixture!("W125", "json", "2026-07-28");
    EMPTY_FORM = "W126" "empty-form" Warning
        summary: "The form asks for nothing: `properties` is empty."
        why: "Clients render an empty form very differently (a yes/no prompt, nothing at all, or an automatic decline), and accept sends `{}`. Ask for an explicit confirmation field instead."
        example: fixture!("W126", "json", "2025-11-25");
    PROPERTY_NOT_OBJECT = "E201" "property-not-object" Error
        summary: "A property schema is not an object."
        why: "Each property is a schema object such as `{\"type\": \"string\"}`."
        example: fixture!("E201", "json", "2026-07-28");
    PROPERTY_MISSING_TYPE = "E202" "property-missing-type" Error
        summary: "A property has no `type`."
        why: "Every property shape has a `type`: string, number, integer, boolean, or array for multi-select."
        example: fixture!("E202", "json", "2026-07-28");
    PROPERTY_TYPE_UNSUPPORTED = "E203" "property-type-unsupported" Error
        summary: "A property's `type` is not one of string, number, integer, boolean or array (or is a list of types)."
        why: "Forms are flat: only primitive fields and multi-select arrays exist. For an optional field, leave it out of `required` instead of adding \"null\"."
        example: fixture!("E203", "json", "2026-07-28");
    NESTED_OBJECT = "E204" "nested-object" Error
        summary: "A property is an object with its own properties."
        why: "Elicitation schemas are flat; nested objects are not part of any revision and clients cannot render them."
        example: fixture!("E204", "json", "2026-07-28");
    REF_UNSUPPORTED = "E205" "ref-unsupported" Error
        summary: "A property is a `$ref`."
        why: "References are not part of the subset: clients do not resolve them. Inline the definition."
        example: fixture!("E205", "json", "2026-07-28");
    ARRAY_ITEMS_UNSUPPORTED = "E206" "array-items-unsupported" Error
        summary: "An array property is not a multi-select: its `items` are not string options."
        why: "The only array shape is a multi-select: `items` is `{type: \"string\", enum: [...]}` or `{anyOf: [{const, title}]}`."
        example: fixture!("E206", "json", "2026-07-28");
    MULTI_SELECT_UNSUPPORTED = "E207" "multi-select-unsupported" Error
        summary: "A multi-select (`type: \"array\"`) is used under 2025-06-18."
        why: "Multi-select arrived in 2025-11-25; a 2025-06-18 client cannot render it."
        example: fixture!("E207", "json", "2025-06-18");
    PROPERTY_UNKNOWN_KEY = "E208" "property-unknown-key" Error
        summary: "A property has a key its shape does not declare in this revision."
        why: "Each property shape has a closed list of keys. SDKs drop the others (so the constraint is silently lost) or reject the request."
        example: fixture!("E208", "json", "2026-07-28");
    KEYWORD_WRONG_TYPE = "E209" "keyword-wrong-type" Error
        summary: "A keyword's value has the wrong JSON type (a `title` that is not a string, a `maxLength` that is not a non-negative integer, ...)."
        why: "Clients parse these keywords with fixed types; a wrong one makes the whole request invalid."
        example: fixture!("E209", "json", "2026-07-28");
    PATTERN_UNDECLARED = "W210" "pattern-undeclared" Warning
        summary: "A string property has `pattern`, which no revision declares."
        why: "`pattern` appeared in early doc examples and was removed as unsupported. The official TypeScript SDK strips it silently, so the client never checks it: validate the answer on the server instead."
        example: fixture!("W210", "json", "2026-07-28");
    FORMAT_UNSUPPORTED = "E211" "format-unsupported" Error
        summary: "A string `format` is not one of email, uri, date, date-time."
        why: "Only those four formats exist in elicitation; clients ignore others or reject the request."
        example: fixture!("E211", "json", "2026-07-28");
    ENUM_AND_ONEOF = "E301" "enum-and-oneof" Error
        summary: "A property has both `enum` and `oneOf`."
        why: "A single-select is either untitled (`enum`) or titled (`oneOf` of `{const, title}`), not both; clients pick one and ignore the other."
        example: fixture!("E301", "json", "2026-07-28");
    ENUM_NOT_STRINGS = "E302" "enum-not-strings" Error
        summary: "Options are not all strings."
        why: "Every enum form takes string values only; numbers or mixed types are outside the subset."
        example: fixture!("E302", "json", "2026-07-28");
    OPTIONS_EMPTY = "E303" "options-empty" Error
        summary: "A select offers no options."
        why: "A select with no options cannot be answered."
        example: fixture!("E303", "json", "2026-07-28");
    OPTIONS_DUPLICATE = "E304" "options-duplicate" Error
        summary: "A select offers the same value twice."
        why: "Two options with one value cannot be told apart in the answer."
        example: fixture!("E304", "json", "2026-07-28");
    ENUM_NAMES_MISMATCH = "E305" "enum-names-mismatch" Error
        summary: "`enumNames` does not have as many entries as `enum`."
        why: "Labels are matched to values by position; the official conformance suite rejects a mismatch."
        example: fixture!("E305", "json", "2025-06-18");
    OPTION_MALFORMED = "E306" "option-malformed" Error
        summary: "A titled option is not exactly `{\"const\": string, \"title\": string}`."
        why: "Titled single- and multi-select options have a string `const` (the value sent) and a string `title` (the label shown), nothing else."
        example: fixture!("E306", "json", "2026-07-28");
    MULTI_SELECT_ONEOF = "E307" "multi-select-oneof" Error
        summary: "A titled multi-select uses `items.oneOf` instead of `items.anyOf`."
        why: "The titled multi-select shape is `items: {anyOf: [{const, title}]}`; `oneOf` is the single-select form."
        example: fixture!("E307", "json", "2026-07-28");
    MULTI_SELECT_ITEMS_TYPE = "E308" "multi-select-items-type" Error
        summary: "A titled multi-select has `type` beside `anyOf` in `items`."
        why: "The titled multi-select's `items` has `anyOf` only. Some SDK clients read `items.type: \"string\"` as an untitled multi-select, find no `enum` and reject the request."
        example: fixture!("E308", "json", "2026-07-28");
    TITLED_SELECT_UNSUPPORTED = "E309" "titled-select-unsupported" Error
        summary: "A titled single-select (`oneOf` of `{const, title}`) is used under 2025-06-18."
        why: "2025-06-18 has only `enum` with optional `enumNames`; titled options arrived in 2025-11-25."
        example: fixture!("E309", "json", "2025-06-18");
    ENUM_NAMES_DEPRECATED = "W310" "enum-names-deprecated" Warning
        summary: "`enumNames` is deprecated from 2025-11-25."
        why: "The spec marks the legacy titled enum as deprecated and to be removed; titled options say the same with `oneOf`."
        example: fixture!("W310", "json", "2025-11-25");
    MIN_ITEMS_UNSATISFIABLE = "E311" "min-items-unsatisfiable" Error
        summary: "`minItems` is larger than the number of options."
        why: "No answer can pick more distinct options than there are."
        example: fixture!("E311", "json", "2026-07-28");
    DEFAULT_NOT_ALLOWED = "E401" "default-not-allowed" Error
        summary: "A `default` the revision does not allow on this shape (2025-06-18 allows defaults on booleans only)."
        why: "Defaults on strings, numbers and selects arrived in 2025-11-25; an older client ignores or rejects them."
        example: fixture!("E401", "json", "2025-06-18");
    DEFAULT_WRONG_TYPE = "E402" "default-wrong-type" Error
        summary: "A `default` does not have the property's type."
        why: "A client pre-fills the form with the default and sends it on accept; a value of the wrong type makes the answer invalid."
        example: fixture!("E402", "json", "2026-07-28");
    DEFAULT_OUT_OF_BOUNDS = "E403" "default-out-of-bounds" Error
        summary: "A `default` breaks the property's own bounds (length, range or item count)."
        why: "Accepting the untouched form would send a value the server said it does not accept."
        example: fixture!("E403", "json", "2026-07-28");
    DEFAULT_NOT_AN_OPTION = "E404" "default-not-an-option" Error
        summary: "A select's `default` is not one of its options."
        why: "The client cannot pre-select a value it does not offer."
        example: fixture!("E404", "json", "2026-07-28");
    DEFAULT_BAD_FORMAT = "E405" "default-bad-format" Error
        summary: "A string `default` does not match the property's `format`."
        why: "Accepting the untouched form would send a value that fails the format check."
        example: fixture!("E405", "json", "2026-07-28");
    BOUNDS_INVERTED = "E406" "bounds-inverted" Error
        summary: "A lower bound is above its upper bound (`minLength` > `maxLength`, `minimum` > `maximum`, `minItems` > `maxItems`)."
        why: "No value satisfies both bounds, so the field cannot be answered."
        example: fixture!("E406", "json", "2026-07-28");
    INTEGER_BOUND_FRACTIONAL = "E407" "integer-bound-fractional" Error
        summary: "An `integer` property has a fractional `minimum`, `maximum` or `default`."
        why: "Bounds and defaults of an integer are integers; a fraction is a sign the type or the bound is wrong."
        example: fixture!("E407", "json", "2026-07-28");
    URL_MISSING = "E501" "url-missing" Error
        summary: "URL-mode params have no `url` string."
        why: "`url` is required in URL mode: it is what the person is asked to open."
        example: fixture!("E501", "json", "2026-07-28");
    URL_NOT_ABSOLUTE = "E502" "url-not-absolute" Error
        summary: "`url` is not an absolute URI."
        why: "A client can only open an absolute URL; a relative one has no host to show the person."
        example: fixture!("E502", "json", "2026-07-28");
    URL_SCHEME_DANGEROUS = "E503" "url-scheme-dangerous" Error
        summary: "`url` uses a scheme that runs code or reads local data (`javascript:`, `data:`, `file:`, `vbscript:`)."
        why: "URL mode sends the person to a web page; these schemes execute script or open local files instead."
        example: fixture!("E503", "json", "2026-07-28");
    ELICITATION_ID_MISSING = "E504" "elicitation-id-missing" Error
        summary: "URL-mode params under 2025-11-25 have no `elicitationId` string."
        why: "2025-11-25 requires `elicitationId` so the server can later send `notifications/elicitation/complete`."
        example: fixture!("E504", "jsonl", auto);
    ELICITATION_ID_UNDECLARED = "W505" "elicitation-id-undeclared" Warning
        summary: "URL-mode params carry `elicitationId` under 2026-07-28, which removed it."
        why: "2026-07-28 removed `elicitationId` and the completion notification; clients ignore the key."
        example: fixture!("W505", "json", "2026-07-28");
    URL_NOT_HTTPS = "W506" "url-not-https" Warning
        summary: "`url` is not https."
        why: "The person may type secrets into the page; anything but https exposes them on the way."
        example: fixture!("W506", "json", "2026-07-28");
    URL_USERINFO = "W507" "url-userinfo" Warning
        summary: "`url` carries user information (`user:pass@`) before the host."
        why: "`https://bank.example@evil.example/` goes to evil.example: user-info is a classic way to disguise the real host."
        example: fixture!("W507", "json", "2026-07-28");
    URL_IDN_HOST = "W508" "url-idn-host" Warning
        summary: "`url` has an internationalised (punycode) host."
        why: "Look-alike characters (Cyrillic а for Latin a) make a host read as another; show such hosts with care or avoid them."
        example: fixture!("W508", "json", "2026-07-28");
    URL_IP_HOST = "W509" "url-ip-host" Warning
        summary: "`url` has a raw IP address for a host."
        why: "A raw IP tells the person nothing about who runs the page, and cannot carry a certificate they would recognise."
        example: fixture!("W509", "json", "2026-07-28");
    SENSITIVE_FIELD = "W601" "sensitive-field" Warning
        summary: "A form field asks for sensitive data (a password, secret, token, API or private key, card number, CVV, social security number or PIN)."
        why: "Form mode MUST NOT be used for sensitive information: the answer passes through the client and often the model. From 2025-11-25 use URL mode, which sends the person to a page the client cannot read."
        example: fixture!("W601", "json", "2026-07-28");
    APPROVE_ON_ENTER = "N602" "approve-on-enter" Note
        summary: "A required boolean defaults to `true`, so pressing Enter approves."
        why: "For confirmations of destructive operations a default of `true` lets a hurried person approve without reading; consider no default, or `false`."
        example: fixture!("N602", "json", "2026-07-28");
    ACTION_INVALID = "E701" "action-invalid" Error
        summary: "An ElicitResult's `action` is not accept, decline or cancel."
        why: "Servers branch on exactly these three actions."
        example: fixture!("E701", "jsonl", "2026-07-28");
    CONTENT_WITHOUT_ACCEPT = "W702" "content-without-accept" Warning
        summary: "An answer carries `content` with decline or cancel, or in URL mode."
        why: "`content` belongs to accept in form mode only. Sending it elsewhere leaks what the person typed before they changed their mind."
        example: fixture!("W702", "json", "2026-07-28");
    CONTENT_VALUE_INVALID = "E703" "content-value-invalid" Error
        summary: "An answer's `content` is not an object of strings, numbers, booleans and string arrays."
        why: "Answers are flat: each value is a string, a number, a boolean, or (from 2025-11-25) an array of strings."
        example: fixture!("E703", "json", "2026-07-28");
    ANSWER_MISSING_REQUIRED = "E704" "answer-missing-required" Error
        summary: "An accepted answer leaves out a required field."
        why: "The server asked for the field as required; its handler will fail or guess."
        example: fixture!("E704", "jsonl", auto);
    ANSWER_WRONG_TYPE = "E705" "answer-wrong-type" Error
        summary: "An answer's value does not have its property's type."
        why: "The server decodes the value by the type it asked for."
        example: fixture!("E705", "jsonl", auto);
    ANSWER_OUT_OF_BOUNDS = "E706" "answer-out-of-bounds" Error
        summary: "An answer's value breaks the property's bounds (length, range, item count)."
        why: "The server said which values it accepts; clients should validate before sending."
        example: fixture!("E706", "jsonl", "2025-11-25");
    ANSWER_NOT_AN_OPTION = "E707" "answer-not-an-option" Error
        summary: "An answer picks a value its select does not offer."
        why: "Selects send one of their option values (the `const`, not the title)."
        example: fixture!("E707", "jsonl", "2026-07-28");
    ANSWER_BAD_FORMAT = "E708" "answer-bad-format" Error
        summary: "A string answer does not match its `format` (email, uri, date, date-time)."
        why: "Clients should check formats before sending; servers rely on them."
        example: fixture!("E708", "jsonl", "2025-11-25");
    ANSWER_UNKNOWN_FIELD = "W709" "answer-unknown-field" Warning
        summary: "An accepted answer carries a field the request did not ask for."
        why: "Extra keys are not forbidden, but a server that did not ask for them ignores them, and they may leak data."
        example: fixture!("W709", "jsonl", "2025-11-25");
    CAPABILITY_MALFORMED = "E710" "capability-malformed" Error
        summary: "The `elicitation` client capability has the wrong shape for the revision."
        why: "2025-06-18 declares `elicitation: {}`; from 2025-11-25 it is `{form?: {}, url?: {}}` (`{}` means form only)."
        example: fixture!("E710", "jsonl", auto);
    RETRY_REUSED_ID = "E720" "retry-reused-id" Error
        summary: "A retry after an InputRequiredResult reuses the id of an earlier request."
        why: "2026-07-28 retries are new requests and need a new JSON-RPC id."
        example: fixture!("E720", "jsonl", "2026-07-28");
    REQUEST_STATE_NOT_ECHOED = "E721" "request-state-not-echoed" Error
        summary: "A retry does not echo `requestState` byte for byte (or sends one when none was given)."
        why: "The server relies on the exact opaque state it sent; a changed or missing state breaks the exchange."
        example: fixture!("E721", "jsonl", "2026-07-28");
    INPUT_RESPONSES_MISMATCH = "E722" "input-responses-mismatch" Error
        summary: "A retry's `inputResponses` keys do not match the `inputRequests` keys it answers."
        why: "Each input request is answered under its own key; missing or extra keys leave the server without its answer."
        example: fixture!("E722", "jsonl", "2026-07-28");
    ANSWER_WITHOUT_REQUEST = "W723" "answer-without-request" Warning
        summary: "A response in a session answers no recorded elicitation request, or a request is never answered."
        why: "A session with unmatched messages was cut short or mixes two conversations."
        example: fixture!("W723", "jsonl", "2025-11-25");
    SESSION_LINE_INVALID = "E730" "session-line-invalid" Error
        summary: "A line of a session file is not what its format requires (a message line without `msg`, an unknown direction, a header of a newer format)."
        why: "The line cannot be replayed or checked, so the session would be checked only in part."
        example: fixture!("E730", "jsonl", auto);
    SESSION_TRUNCATED = "W731" "session-truncated" Warning
        summary: "The last line of a JSONL file or session is cut off: it has no line break and its JSON ends early."
        why: "A recording whose writer or peer died mid-line keeps every complete exchange; the torn line is skipped, and the warning says the session ends early."
        example: fixture!("W731", "jsonl", auto);
    DRIFT_ELICITATION_CHANGED = "E740" "drift-elicitation-changed" Error
        summary: "Replayed against a live server, a recorded elicitation came back with another message, mode, URL or schema (reported by `replay SESSION TARGET` only)."
        why: "The client code, prompts and tests written against the recorded form no longer match what the server asks. Accept the change by recording the session again (`mcp-elicit call --record`), or fix the server."
        example: words!(r#"recorded: "guests": {"type": "integer", "maximum": 12}; the live server asks "guests": {"type": "integer", "maximum": 8}"#, "the live server asks the recorded form, or the session is recorded again");
    DRIFT_ELICITATION_NEW = "E741" "drift-elicitation-new" Error
        summary: "Replayed against a live server, a call raised an elicitation the recording does not have; it was answered cancel (reported by `replay SESSION TARGET` only)."
        why: "The server now asks something the recorded flow never answered, so clients scripted from the recording stop at it. It is reported at the line of the call that raised it."
        example: words!(r#"the server asks "Confirm this booking?" after the booking form; the recording goes from the form straight to the result"#, "the recording has the question and its answer (record the session again), or the server no longer asks it");
    DRIFT_ELICITATION_MISSING = "E742" "drift-elicitation-missing" Error
        summary: "Replayed against a live server, a recorded elicitation was not asked (reported by `replay SESSION TARGET` only)."
        why: "The server skips a question it used to ask, so the answer the flow relied on is no longer collected."
        example: words!(r#"the recording asks "Confirm this booking?"; the live server returns its result without asking"#, "the live server asks it again, or the session is recorded again");
    DRIFT_RESULT_CHANGED = "E743" "drift-result-changed" Error
        summary: "Replayed against a live server with the recorded answers, a call's final result or error differs from the recorded one (reported by `replay SESSION TARGET` only)."
        why: "The same answers lead somewhere else: the server's behaviour changed. Ids, `requestState` and timing are not compared."
        example: words!(r#"recorded: {"result": {"content": [{"type": "text", "text": "booked"}]}}; live: {"error": {"code": -32603, "message": "no tables"}}"#, "the live result equals the recorded one, or the session is recorded again");
    HOST_NO_ELICITATION = "W801" "host-no-elicitation" Warning
        summary: "A host named with `--hosts` has no elicitation at all: the person there sees nothing (reported with `--hosts` only)."
        why: "Claude Desktop, Zed, Continue, Cline and gemini-cli declare no elicitation capability; the request fails (-32601) or is never answered, and the tool call fails with it."
        example: words!(r#"{"message": "Which table?", "requestedSchema": {...}}, with --hosts zed"#, "check the client's `elicitation` capability before asking, and fall back (a tool argument, a default) when it is absent");
    HOST_FORM_UNRENDERABLE = "W802" "host-form-unrenderable" Warning
        summary: "A property the host cannot draw makes it replace the whole form (reported with `--hosts` only)."
        why: "Codex renders strings, booleans and single-selects only; one number, integer or multi-select and the person gets a generic approval dialog whose \"Yes\" sends an empty `content`."
        example: words!(r#"{"type": "object", "properties": {"guests": {"type": "integer"}}}"#, r#"{"type": "object", "properties": {"guests": {"type": "string", "enum": ["1", "2", "3", "4"]}}}"#);
    HOST_CANCELS_UNSEEN = "W803" "host-cancels-unseen" Warning
        summary: "The host cancels the elicitation without showing it (reported with `--hosts` only)."
        why: "Codex's typed schema refuses a root `title` or `description` (Pydantic and FastMCP add a root `title`) and answers `cancel`; the person never sees the form."
        example: words!(r#"{"type": "object", "title": "Booking", "properties": {"name": {"type": "string"}}}"#, r#"{"type": "object", "properties": {"name": {"type": "string"}}}"#);
    HOST_REJECTS_SHAPE = "W804" "host-out-of-spec-shape" Warning
        summary: "A shape outside the spec fails at the host: its SDK refuses the request before anything is shown, or the host shows a bare text box (reported with `--hosts` only)."
        why: "The TypeScript SDKs and rmcp parse requests into typed models: another `format`, a nested object, a nullable type, `items` without `type` or a default of the wrong type answer -32601, -32602 or -32603 instead of degrading; VS Code and fast-agent fall back to a text field."
        example: words!(r#"{"type": "object", "properties": {"at": {"type": "string", "format": "time"}}}"#, r#"{"type": "object", "properties": {"at": {"type": "string", "description": "HH:MM"}}}"#);
    HOST_OPTIONS_UNLABELLED = "N805" "host-options-unlabelled" Note
        summary: "The host does not show the option titles (`oneOf` titles, `enumNames`) as labels (reported with `--hosts` only)."
        why: "Goose and mcporter show raw values, VS Code shows the value with the title as grey text, and Goose desktop turns a `oneOf` into a text box: cryptic values reach the person as they are."
        example: words!(r#"{"type": "string", "oneOf": [{"const": "T1", "title": "Window"}, {"const": "T2", "title": "Patio"}]}"#, r#"{"type": "string", "enum": ["window", "patio"]}"#);
    HOST_MULTI_SELECT_UNSUPPORTED = "W806" "host-multi-select-unsupported" Warning
        summary: "The host has no multi-select (reported with `--hosts` only)."
        why: "Goose desktop draws no field for an array and Goose CLI reads it as plain text, so the answer is missing or a string."
        example: words!(r#"{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}"#, r#"{"a": {"type": "boolean"}, "b": {"type": "boolean"}}"#);
    HOST_NUMBER_PREFILLED = "N807" "host-number-prefilled" Note
        summary: "The host pre-fills a number without a default (reported with `--hosts` only)."
        why: "Goose desktop starts a number field at its `minimum`, or 0: an untouched form sends a number the person never chose."
        example: words!(r#"{"type": "integer", "minimum": 1}"#, r#"{"type": "integer", "minimum": 1, "default": 2}"#);
    HOST_DEFAULT_NOT_SHOWN = "N808" "host-default-not-shown" Note
        summary: "The host neither shows nor sends a default (reported with `--hosts` only)."
        why: "VS Code offers only truthy defaults (`false`, 0 and \"\" are dropped) and Codex starts every text field empty, so an untouched answer lacks the default."
        example: words!(r#"{"type": "boolean", "default": false}"#, "treat a missing answer as the default on the server");
    HOST_ENUM_FREE_TEXT = "W809" "host-enum-free-text" Warning
        summary: "Hosts on TypeScript SDK 1.13-1.21 turn every `enum` into a free-text field (reported with `--hosts` only)."
        why: "The SDK's union tried the plain string shape first, which dropped `enum`; any text can come back."
        example: words!(r#"{"type": "string", "enum": ["red", "green"]}"#, "validate that the answer is one of the options on the server");
    HOST_CONSTRAINT_IGNORED = "N810" "host-constraint-ignored" Note
        summary: "The host does not check a constraint (`pattern`, `format`, lengths, bounds, item counts) (reported with `--hosts` only)."
        why: "`pattern` is stripped by every SDK but fast-agent's, and several hosts check no `format`, length or count: the constraint cannot be the only validation."
        example: words!(r#"{"type": "string", "pattern": "^[A-Z]{3}$"}"#, "validate the answer on the server and ask again, or decline, when it does not fit");
    HOST_EMPTY_FORM = "W811" "host-empty-form" Warning
        summary: "The host accepts an approve-only form (no properties) without asking, or shows it without a way to say no (reported with `--hosts` only)."
        why: "mcporter accepts an empty form at once, Codex accepts it under an auto-approve policy, and older Goose desktop builds offer only Submit: an empty form is no safety confirmation."
        example: words!(r#"{"type": "object", "properties": {}}"#, r#"{"type": "object", "properties": {"confirm": {"type": "boolean", "title": "Deploy now?"}}, "required": ["confirm"]}"#);
    HOST_TITLE_IGNORED = "N812" "host-title-ignored" Note
        summary: "The host labels fields with their property names, not their titles (reported with `--hosts` only)."
        why: "Goose desktop ignores `title`; a key such as `gc` is all the person sees."
        example: words!(r#"{"gc": {"type": "integer", "title": "Number of guests"}}"#, r#"{"guests": {"type": "integer", "title": "Number of guests"}}"#);
    HOST_URL_MODE_LIMITED = "N813" "host-url-mode-limited" Note
        summary: "The host does not declare URL mode, or shows it as a form (reported with `--hosts` only)."
        why: "Goose turns a URL request into a form with no fields and Codex declares URL mode only when enabled; the person may never get the link."
        example: words!(r#"{"mode": "url", "url": "https://example.com/connect", "message": "Connect", "elicitationId": "1"}"#, "check the client's `elicitation.url` capability and fall back to a link in the tool result");
    HOST_INPUT_REQUIRED_UNSUPPORTED = "W814" "host-input-required-unsupported" Warning
        summary: "The host does not handle 2026-07-28's InputRequiredResult (reported with `--hosts` only)."
        why: "Goose declares 2025-03-26 and Python SDK 1.x clients have no retry: the elicitation is never shown."
        example: words!(r#"{"resultType": "input_required", "inputRequests": {"ask": {"method": "elicitation/create", "params": {...}}}}"#, "negotiate the revision and send an `elicitation/create` request to clients before 2026-07-28");
}

/// Finds a rule by code (`E201`) or name (`property-missing-type`),
/// ignoring case.
pub fn find(key: &str) -> Option<&'static Rule> {
    ALL.iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(key) || r.name.eq_ignore_ascii_case(key))
}

/// The rule whose name is closest to a misspelt one, for "did you mean".
pub fn nearest(key: &str) -> Option<&'static Rule> {
    let key = key.to_ascii_lowercase();
    let name = crate::nearest::nearest(&key, ALL.iter().map(|r| r.name))?;
    ALL.iter().copied().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_sorted_and_match_severity() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        let mut last = "";
        for r in ALL {
            assert!(codes.insert(r.code), "duplicate code {}", r.code);
            assert!(names.insert(r.name), "duplicate name {}", r.name);
            assert!(r.code[1..] > *last, "{} out of order", r.code);
            last = &r.code[1..];
            let letter = match r.severity {
                Severity::Error => 'E',
                Severity::Warning => 'W',
                Severity::Note => 'N',
            };
            assert!(r.code.starts_with(letter), "{} severity letter", r.code);
            assert!(
                r.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            );
            assert!(!r.summary.is_empty() && !r.why.is_empty() && !r.example.bad.is_empty());
        }
    }

    #[test]
    fn find_by_code_or_name() {
        assert_eq!(find("e001").unwrap().name, "invalid-json");
        assert_eq!(find("empty-form").unwrap().code, "W126");
        assert!(find("nope").is_none());
    }
}
