//! Every rule the linter knows: one file per rule beside this one, holding
//! its docs and, for a judgement, its check; all listed in one table sorted
//! by code ([`ALL`]).
//!
//! Codes are stable: a letter for the severity (`E` error, `W` warning, `N`
//! note) and three digits whose first names the theme: 0 documents and JSON,
//! 1 params and the schema root, 2 property shapes, 3 options, 4 defaults and
//! bounds, 5 URL mode, 6 sensitive data and advice, 7 answers and sessions
//! (74x: drift, reported only by `replay SESSION TARGET` against a live
//! server, never by `lint`), 8 hosts (what a host named with `lint --hosts`
//! does with the elicitation, from the facts in [`crate::hosts`]).
//!
//! A rule's file holds all of it: its `rule!` (code, name, severity, docs,
//! example, its check, and how its findings are treated: `blocks_form`,
//! `for_person`) and the words of every finding it reports. The schema
//! model is built first ([`crate::schema::parse_schema`]); what cannot be
//! built comes back as a typed [`crate::schema::Unbuilt`], which the rule's
//! file words (`framework`); then every rule with a schema or property
//! check judges what was built ([`check_schema`], [`check_property`]).
//! Params and the URL of URL mode are judged the same way
//! ([`check_params`], [`check_url`]), and so are an answer's action and
//! content (read by `lint::answer`), each answered value, by the first
//! answer rule that finds it wrong (`crate::validate::check_value`), each
//! answered field no property asks for ([`crate::validate::check_content`])
//! and a client's `elicitation` capability. A rule that needs more than one
//! document (a session's order, a host's facts, a live server) is detected
//! where that context is, which calls its file for the words: its file says
//! where.
//!
//! This module is the table; how rules are written and run is in
//! `framework` (the macros, the kinds of check, the drivers) and
//! `context` (what each kind of check sees).
//!
//! Adding a rule: a file here with its `rule!` (docs, `check:`), a line in
//! the `table!` below at its code, fixtures `tests/fixtures/rules/CODE.bad.EXT`
//! and `CODE.good.EXT`, and its snapshot `tests/fixtures/rules/CODE.snap`
//! (`SNAPSHOTS=overwrite cargo test every_rule`, then read what it says).

// What the rule files see (`use super::*`).
#[allow(unused_imports)]
use {
    crate::finding::{Findings, Severity},
    crate::json::{Member, Node, Span, pointer_push, repeats},
    crate::schema::parse::{self as build, Kind, option_value},
    crate::schema::{Choice, Mode, Property, RequestedSchema, Shape},
    crate::spec::{Revision, UrlMode},
    serde_json::Value,
    std::collections::HashSet,
    words::{choices_range, json_kind, length_range, number_range},
};

pub use crate::finding::{Example, Rule, Violation};
pub(crate) use context::*;
pub(crate) use framework::*;
pub use framework::{check_params, check_params_value, check_property, check_schema, check_url};

mod context;
#[macro_use]
pub(crate) mod framework;
pub mod sensitive;
pub(crate) mod words;

table! {
    invalid_json::INVALID_JSON,
    unrecognized_document::UNRECOGNIZED_DOCUMENT,
    pre_release_draft::PRE_RELEASE_DRAFT,
    duplicate_key::DUPLICATE_KEY,
    request_carrier_changed::REQUEST_CARRIER_CHANGED,
    source_not_static::SOURCE_NOT_STATIC,
    params_not_object::PARAMS_NOT_OBJECT,
    message_missing::MESSAGE_MISSING,
    form_without_schema::FORM_WITHOUT_SCHEMA,
    mode_invalid::MODE_INVALID,
    url_mode_unsupported::URL_MODE_UNSUPPORTED,
    params_unknown_key::PARAMS_UNKNOWN_KEY,
    mode_mixed::MODE_MIXED,
    schema_not_object::SCHEMA_NOT_OBJECT,
    schema_missing_properties::SCHEMA_MISSING_PROPERTIES,
    schema_unknown_key::SCHEMA_UNKNOWN_KEY,
    required_malformed::REQUIRED_MALFORMED,
    required_unknown::REQUIRED_UNKNOWN,
    required_duplicate::REQUIRED_DUPLICATE,
    empty_form::EMPTY_FORM,
    property_not_object::PROPERTY_NOT_OBJECT,
    property_missing_type::PROPERTY_MISSING_TYPE,
    property_type_unsupported::PROPERTY_TYPE_UNSUPPORTED,
    nested_object::NESTED_OBJECT,
    ref_unsupported::REF_UNSUPPORTED,
    array_items_unsupported::ARRAY_ITEMS_UNSUPPORTED,
    multi_select_unsupported::MULTI_SELECT_UNSUPPORTED,
    property_unknown_key::PROPERTY_UNKNOWN_KEY,
    keyword_wrong_type::KEYWORD_WRONG_TYPE,
    pattern_undeclared::PATTERN_UNDECLARED,
    format_unsupported::FORMAT_UNSUPPORTED,
    sdk_refuses_field::SDK_REFUSES_FIELD,
    enum_and_oneof::ENUM_AND_ONEOF,
    enum_not_strings::ENUM_NOT_STRINGS,
    options_empty::OPTIONS_EMPTY,
    options_duplicate::OPTIONS_DUPLICATE,
    enum_names_mismatch::ENUM_NAMES_MISMATCH,
    option_malformed::OPTION_MALFORMED,
    multi_select_oneof::MULTI_SELECT_ONEOF,
    multi_select_items_type::MULTI_SELECT_ITEMS_TYPE,
    titled_select_unsupported::TITLED_SELECT_UNSUPPORTED,
    enum_names_deprecated::ENUM_NAMES_DEPRECATED,
    min_items_unsatisfiable::MIN_ITEMS_UNSATISFIABLE,
    default_not_allowed::DEFAULT_NOT_ALLOWED,
    default_wrong_type::DEFAULT_WRONG_TYPE,
    default_out_of_bounds::DEFAULT_OUT_OF_BOUNDS,
    default_not_an_option::DEFAULT_NOT_AN_OPTION,
    default_bad_format::DEFAULT_BAD_FORMAT,
    bounds_inverted::BOUNDS_INVERTED,
    integer_bound_fractional::INTEGER_BOUND_FRACTIONAL,
    url_missing::URL_MISSING,
    url_not_absolute::URL_NOT_ABSOLUTE,
    url_scheme_dangerous::URL_SCHEME_DANGEROUS,
    elicitation_id_missing::ELICITATION_ID_MISSING,
    elicitation_id_undeclared::ELICITATION_ID_UNDECLARED,
    url_not_https::URL_NOT_HTTPS,
    url_userinfo::URL_USERINFO,
    url_idn_host::URL_IDN_HOST,
    url_ip_host::URL_IP_HOST,
    sensitive_field::SENSITIVE_FIELD,
    approve_on_enter::APPROVE_ON_ENTER,
    action_invalid::ACTION_INVALID,
    content_without_accept::CONTENT_WITHOUT_ACCEPT,
    content_value_invalid::CONTENT_VALUE_INVALID,
    answer_missing_required::ANSWER_MISSING_REQUIRED,
    answer_wrong_type::ANSWER_WRONG_TYPE,
    answer_out_of_bounds::ANSWER_OUT_OF_BOUNDS,
    answer_not_an_option::ANSWER_NOT_AN_OPTION,
    answer_bad_format::ANSWER_BAD_FORMAT,
    answer_unknown_field::ANSWER_UNKNOWN_FIELD,
    capability_malformed::CAPABILITY_MALFORMED,
    retry_reused_id::RETRY_REUSED_ID,
    request_state_not_echoed::REQUEST_STATE_NOT_ECHOED,
    input_responses_mismatch::INPUT_RESPONSES_MISMATCH,
    answer_without_request::ANSWER_WITHOUT_REQUEST,
    session_line_invalid::SESSION_LINE_INVALID,
    session_truncated::SESSION_TRUNCATED,
    drift_elicitation_changed::DRIFT_ELICITATION_CHANGED,
    drift_elicitation_new::DRIFT_ELICITATION_NEW,
    drift_elicitation_missing::DRIFT_ELICITATION_MISSING,
    drift_result_changed::DRIFT_RESULT_CHANGED,
    host_no_elicitation::HOST_NO_ELICITATION,
    host_form_unrenderable::HOST_FORM_UNRENDERABLE,
    host_cancels_unseen::HOST_CANCELS_UNSEEN,
    host_rejects_shape::HOST_REJECTS_SHAPE,
    host_options_unlabelled::HOST_OPTIONS_UNLABELLED,
    host_multi_select_unsupported::HOST_MULTI_SELECT_UNSUPPORTED,
    host_number_prefilled::HOST_NUMBER_PREFILLED,
    host_default_not_shown::HOST_DEFAULT_NOT_SHOWN,
    host_enum_free_text::HOST_ENUM_FREE_TEXT,
    host_constraint_ignored::HOST_CONSTRAINT_IGNORED,
    host_empty_form::HOST_EMPTY_FORM,
    host_title_ignored::HOST_TITLE_IGNORED,
    host_url_mode_limited::HOST_URL_MODE_LIMITED,
    host_input_required_unsupported::HOST_INPUT_REQUIRED_UNSUPPORTED,
    host_url_mode_undeclared::HOST_URL_MODE_UNDECLARED,
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
