//! `mcp-elicit proxy`: the host starts it in place of a stdio server; it
//! passes every message on, lints and records them, and answers the
//! elicitations the host cannot (terminal form or script).

use std::sync::{Arc, Mutex};

use anyhow::{Result, anyhow};
use mcp_elicit::form::FormResponder;
use mcp_elicit::form::respond::{self, Responder};
use mcp_elicit::form::script::ScriptResponder;
use mcp_elicit::form::{Action, FixedResponder};
use mcp_elicit::mcp::client::Recording;
use mcp_elicit::mcp::proxy::http::{HttpProxyOptions, run_http};
use mcp_elicit::mcp::proxy::web_form::WebForm;
use mcp_elicit::mcp::proxy::{self, AnswerMode, Bridge, ProxyOptions, ResponderFactory};

use crate::Outcome;
use crate::cli::{ProxyAnswer, ProxyArgs, ProxyBridge};
use crate::terminal::{self, Terminal, TtyState};

/// What the proxy's notes start with in the host's log.
const PREFIX: &str = "mcp-elicit proxy: ";

pub fn run(args: ProxyArgs) -> Result<Outcome> {
    let hosts = mcp_elicit::hosts::parse_list(&args.hosts).map_err(|e| anyhow!("--hosts: {e}"))?;
    let tty = terminal::available().then(|| Arc::new(Mutex::new(TtyState::save())));
    let responder = factory(&args, tty.is_some())?;
    let opts = ProxyOptions {
        answer: match args.answer {
            ProxyAnswer::Auto => AnswerMode::Auto,
            ProxyAnswer::Always => AnswerMode::Always,
            ProxyAnswer::Never => AnswerMode::Never,
        },
        record: args.script.record.as_ref().map(|p| Recording {
            path: p.clone(),
            redact: args.script.redact.clone(),
        }),
        report: args.report.clone(),
        hosts,
        server_name: args.server.clone(),
        strict: args.script.strict,
        rules: crate::config::script_rules(&args.script, std::path::Path::new("."))?,
        progress_every: args.progress_interval,
        host_timeout: args.host_timeout,
        bridge: match args.bridge {
            ProxyBridge::Auto => Bridge::Auto,
            ProxyBridge::Off => Bridge::Off,
        },
        state_lifetime: args.state_lifetime,
    };
    // Ctrl-C ends the proxy (exit 4), the terminal put back (see
    // crate::interrupt); a stdio server in the same process group gets the
    // SIGINT too, and the recording keeps every complete message.
    crate::interrupt::install(|why| {
        eprintln!("\n{PREFIX}{why}: the proxy is ended");
        crate::exit_code(Outcome::Cancelled)
    });
    let notes = Box::new(|line: &str| eprintln!("{PREFIX}{line}"));
    if let (Some(addr), Some(upstream)) = (&args.http, &args.upstream) {
        // A host that sends no Authorization of its own is authorized
        // with the server by the proxy (docs/proxy.md).
        let auth = crate::cli::AuthArgs {
            open: args.open,
            authorize_with: args.authorize_with,
            stored_auth_only: args.stored_auth_only,
            client_id: args.client_id.clone(),
            client_metadata_url: args.client_metadata_url.clone(),
            auth_timeout: args.auth_timeout,
        };
        let session: std::sync::Arc<dyn mcp_elicit::mcp::transport::Authorizer> =
            crate::authorize::session(upstream, &auth, PREFIX)?;
        let opts = HttpProxyOptions {
            upstream: upstream.clone(),
            allow_remote: args.allow_remote,
            allow_origins: args.allow_origin.clone(),
            upstream_timeout: args.upstream_timeout,
            common: opts,
            auth: Some(session),
        };
        let upstream = upstream.clone();
        let served = run_http(addr, opts, responder, notes, |bound, path| {
            eprintln!("{PREFIX}listening on http://{bound}{path} for {upstream}");
        });
        if let Some(tty) = tty {
            tty.lock().unwrap_or_else(|p| p.into_inner()).restore();
        }
        served.map_err(crate::worded::proxy)?;
        return Ok(Outcome::Clean);
    }
    let summary = proxy::run_stdio(
        &args.command,
        std::io::stdin(),
        std::io::stdout().lock(),
        opts,
        responder,
        notes,
    );
    if let Some(tty) = tty {
        tty.lock().unwrap_or_else(|p| p.into_inner()).restore();
    }
    let summary = summary.map_err(crate::worded::proxy)?;
    Ok(if summary.server_died {
        Outcome::Failed
    } else {
        Outcome::Clean
    })
}

/// Where answers come from: the scripted options, else the terminal form
/// when there is a terminal, else (or with --web) the browser; built on the
/// thread that answers.
fn factory(args: &ProxyArgs, terminal: bool) -> Result<ResponderFactory> {
    let make = answerers(args, terminal)?;
    Ok(Box::new(move || {
        Ok(Box::new(crate::worded::Worded(make()?)) as Box<dyn Responder>)
    }))
}

/// The responders of [`factory`], their errors as the library says them.
fn answerers(args: &ProxyArgs, terminal: bool) -> Result<ResponderFactory> {
    if let Some(a) = args.script.action {
        let action: Action = a.into();
        return Ok(Box::new(move || {
            Ok(Box::new(FixedResponder(action)) as Box<dyn Responder>)
        }));
    }
    if let Some(s) = &args.script.answers_from {
        let recorded = crate::worded::open_recorded(s)?;
        return Ok(Box::new(move || {
            Ok(Box::new(recorded) as Box<dyn Responder>)
        }));
    }
    let script = crate::inputs::script(&args.script)?;
    if !script.is_empty() {
        return Ok(Box::new(move || {
            Ok(Box::new(ScriptResponder {
                script,
                lenient: true,
            }) as Box<dyn Responder>)
        }));
    }
    if terminal && !args.web {
        return Ok(Box::new(|| {
            Ok(Box::new(FormResponder {
                prompter: Terminal::new(),
            }) as Box<dyn Responder>)
        }));
    }
    let open = args.open;
    Ok(Box::new(move || {
        let tell = Box::new(|line: &str| eprintln!("{PREFIX}{line}"));
        Ok(
            Box::new(WebForm::start(0, open, tell).map_err(respond::Error::other)?)
                as Box<dyn Responder>,
        )
    }))
}
