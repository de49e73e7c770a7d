//! An MCP server over stdio (or Streamable HTTP with `--http ADDR`, its URL
//! printed on stderr) whose tools ask with `peer.elicit::<T>()`, the
//! way rmcp's README and its `elicitation_stdio` example show: a struct that
//! derives `JsonSchema`, whitelisted with `elicit_safe!`. Each tool echoes
//! what it got back, so a test can see the answer arrive.

use rmcp::{
    ErrorData as McpError, ServerHandler, ServiceExt, elicit_safe,
    model::*,
    schemars::JsonSchema,
    service::{RequestContext, RoleServer},
    tool, tool_handler, tool_router,
    transport::{
        stdio,
        streamable_http_server::{
            StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
        },
    },
};
use serde::{Deserialize, Serialize};

/// User information
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "User information")]
pub struct UserInfo {
    #[schemars(description = "User's name")]
    pub name: String,
    // Optional field; omitted if the user doesn't provide it.
    #[serde(default)]
    #[schemars(description = "Preferred greeting")]
    pub greeting: Option<String>,
}

elicit_safe!(UserInfo);

#[derive(Debug, Serialize, Deserialize, JsonSchema, Default)]
#[schemars(inline)]
#[schemars(extend("type" = "string"))]
pub enum Seating {
    #[schemars(title = "Inside")]
    #[default]
    Inside,
    #[schemars(title = "On the terrace")]
    Terrace,
}

/// A table booking
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "Book a table")]
pub struct Booking {
    #[schemars(description = "How many guests", range(min = 1, max = 12))]
    pub guests: i64,
    #[schemars(description = "Where to sit")]
    #[serde(default)]
    pub seating: Seating,
    #[schemars(description = "A high chair for a child")]
    pub high_chair: bool,
}

elicit_safe!(Booking);

/// The Rust fixtures of the source linter (tests/fixtures/source/*.rs),
/// compiled here against the real rmcp so that `--print-schemas` can print
/// the schemas rmcp makes of them.
#[allow(dead_code)]
mod fixtures {
    pub mod user_info {
        include!("../../fixtures/source/rmcp_user_info.rs");
    }
    pub mod builder_confirm {
        include!("../../fixtures/source/rmcp_builder_confirm.rs");
    }
    pub mod builder_contact {
        include!("../../fixtures/source/rmcp_builder_contact.rs");
    }
}

/// The models of the crate fixture whose tools send them from other
/// modules (tests/fixtures/projects/rust-crate), compiled here as they are.
#[allow(dead_code)]
mod project {
    pub mod booking {
        include!("../../fixtures/projects/rust-crate/src/models/booking.rs");
    }
    pub mod contact {
        include!("../../fixtures/projects/rust-crate/src/models/contact.rs");
    }
    pub mod feedback {
        include!("../../fixtures/projects/rust-crate/src/models/feedback.rs");
    }
}

/// A type the fixtures name from another module.
#[allow(unused_imports)]
mod shipping {
    pub use crate::fixtures::builder_contact::Shipping;
}

/// `--print-schemas`: each fixture file's elicitation schemas, in the order
/// they are written, as rmcp sends them (`from_type` for the types given to
/// `elicit::<T>`, the builder chains run).
fn print_schemas() {
    use fixtures::{builder_confirm as b, builder_contact as c, user_info as u};
    // Written as rmcp serializes them (a `serde_json::Value` would sort the
    // keys), so that the order on the wire is compared too.
    let json = |s: ElicitationSchema| serde_json::to_string(&s).expect("serializes");
    let from_type = |r: Result<ElicitationSchema, serde_json::Error>| match r {
        Ok(s) => json(s),
        Err(e) => serde_json::json!({ "error": e.to_string() }).to_string(),
    };
    let files = [
        (
            "rmcp_user_info.rs",
            vec![
                from_type(ElicitationSchema::from_type::<u::AccountInfo>()),
                from_type(ElicitationSchema::from_type::<u::AccountInfo>()),
            ],
        ),
        (
            "rmcp_builder_confirm.rs",
            vec![json(b::confirm_schema()), json(b::nickname_schema())],
        ),
        (
            "rmcp_builder_contact.rs",
            vec![json(c::contact_schema()), from_type(c::shipping_schema())],
        ),
        (
            "projects/rust-crate/src/models/booking.rs",
            vec![from_type(ElicitationSchema::from_type::<
                project::booking::Booking,
            >())],
        ),
        (
            "projects/rust-crate/src/models/contact.rs",
            vec![from_type(ElicitationSchema::from_type::<
                project::contact::Contact,
            >())],
        ),
        (
            "projects/rust-crate/src/models/feedback.rs",
            vec![from_type(ElicitationSchema::from_type::<
                project::feedback::Feedback,
            >())],
        ),
    ];
    let out: Vec<String> = files
        .iter()
        .map(|(name, schemas)| format!("{name:?}:[{}]", schemas.join(",")))
        .collect();
    println!("{{{}}}", out.join(","));
}

#[derive(Clone)]
pub struct Server;

#[tool_router]
impl Server {
    #[tool(description = "Greet the user")]
    async fn greet(&self, ctx: RequestContext<RoleServer>) -> Result<CallToolResult, McpError> {
        match ctx
            .peer
            .elicit::<UserInfo>("Please provide your name")
            .await
        {
            Ok(Some(info)) => Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "accept {}",
                serde_json::to_string(&info).unwrap_or_default()
            ))])),
            Ok(None) => Ok(CallToolResult::success(vec![ContentBlock::text(
                "No name provided.",
            )])),
            Err(e) => Ok(CallToolResult::error(vec![ContentBlock::text(format!(
                "Elicitation failed: {e}"
            ))])),
        }
    }

    #[tool(description = "Book a table")]
    async fn book(&self, ctx: RequestContext<RoleServer>) -> Result<CallToolResult, McpError> {
        match ctx
            .peer
            .elicit::<Booking>("How shall we set the table?")
            .await
        {
            Ok(Some(b)) => Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "accept {}",
                serde_json::to_string(&b).unwrap_or_default()
            ))])),
            Ok(None) => Ok(CallToolResult::success(vec![ContentBlock::text(
                "No booking.",
            )])),
            Err(e) => Ok(CallToolResult::error(vec![ContentBlock::text(format!(
                "Elicitation failed: {e}"
            ))])),
        }
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::from_build_env())
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--print-schemas") {
        print_schemas();
        return Ok(());
    }
    if let [flag, addr] = args.as_slice()
        && flag == "--http"
    {
        let service = StreamableHttpService::new(
            || Ok(Server),
            LocalSessionManager::default().into(),
            StreamableHttpServerConfig::default(),
        );
        let router = axum::Router::new().nest_service("/mcp", service);
        let listener = tokio::net::TcpListener::bind(addr.as_str()).await?;
        eprintln!("listening on http://{}/mcp", listener.local_addr()?);
        axum::serve(listener, router).await?;
        return Ok(());
    }
    let service = Server.serve(stdio()).await?;
    service.waiting().await?;
    Ok(())
}
