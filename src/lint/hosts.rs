//! The host rules (`W801`-`W814`) in the linter: the findings and the
//! rows of the compatibility matrix, from the host judgement in
//! [`crate::hosts::judge`].

use crate::document;
use crate::hosts::judge::check_document;
use crate::hosts::{Fact, Host, Status};
use crate::json::{self, LineIndex};

pub use crate::hosts::judge::{Asked, Hit, check_params_of, lint};

/// One row of the compatibility matrix: an elicitation placed in a file.
#[derive(Debug, Clone)]
pub struct Row {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub asked: Asked,
}

/// The matrix rows of one file's text: a JSON document, or JSONL read line
/// by line. A line that is not JSON has no row.
/// The matrix rows of one document already parsed (params read from
/// source code): `text` is what its spans point into.
#[cfg(feature = "source")]
pub(crate) fn rows_of_node(
    path: &str,
    node: &json::Node,
    text: &str,
    opts: &super::Options,
) -> Vec<Row> {
    let index = LineIndex::new(text);
    check_document(node, opts.revision, &opts.hosts)
        .into_iter()
        .map(|a| {
            let (line, column) = index.line_col(a.span.start);
            Row {
                path: path.to_string(),
                line,
                column,
                asked: a,
            }
        })
        .collect()
}

pub fn rows(path: &str, text: &str, opts: &super::Options) -> Vec<Row> {
    let mut out = Vec::new();
    let add = |chunk: &str, node: Option<json::Node>, line_offset: usize, out: &mut Vec<Row>| {
        let Some(node) = node.or_else(|| json::parse(chunk).ok()) else {
            return;
        };
        let rev = if opts.forced {
            opts.revision
        } else {
            match document::named_revision(&node) {
                Some(Ok(r)) => r,
                _ => opts.revision,
            }
        };
        let asked = check_document(&node, rev, &opts.hosts);
        if asked.is_empty() {
            return;
        }
        let index = LineIndex::new(chunk);
        for a in asked {
            let (line, column) = index.line_col(a.span.start);
            out.push(Row {
                path: path.to_string(),
                line: line + line_offset,
                column,
                asked: a,
            });
        }
    };
    match json::parse_or_lines(text) {
        json::Parsed::Lines => {
            for (i, line) in text.lines().enumerate() {
                if !line.trim().is_empty() {
                    add(line, None, i, &mut out);
                }
            }
        }
        json::Parsed::Document(node) => add(text, Some(node), 0, &mut out),
        json::Parsed::Invalid(_) => {}
    }
    out
}

/// The compatibility matrix: one row per elicitation, one column per host,
/// with numbered footnotes for every reason a cell is not "works".
#[derive(Debug, Clone)]
pub struct Matrix {
    pub hosts: Vec<&'static Host>,
    pub rows: Vec<MatrixRow>,
    pub footnotes: Vec<Footnote>,
}

#[derive(Debug, Clone)]
pub struct MatrixRow {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub message: Option<String>,
    /// One per host, in the order of [`Matrix::hosts`].
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone)]
pub struct Cell {
    pub host: &'static Host,
    pub status: Status,
    /// Numbers of the footnotes that explain the status.
    pub footnotes: Vec<usize>,
}

/// One reason, shared by every cell it explains.
#[derive(Debug, Clone)]
pub struct Footnote {
    pub number: usize,
    pub host: &'static Host,
    pub fact: &'static Fact,
}

impl Matrix {
    pub fn new(hosts: &[&'static Host], rows: Vec<Row>) -> Matrix {
        let mut footnotes: Vec<Footnote> = Vec::new();
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let mut cells = Vec::with_capacity(hosts.len());
            for &host in hosts {
                let mut numbers = Vec::new();
                for hit in row.asked.hits.iter().filter(|h| h.host.id == host.id) {
                    let found = footnotes
                        .iter()
                        .position(|f| f.host.id == host.id && f.fact.id == hit.fact.id);
                    let n = match found {
                        Some(i) => footnotes[i].number,
                        None => {
                            let n = footnotes.len() + 1;
                            footnotes.push(Footnote {
                                number: n,
                                host,
                                fact: hit.fact,
                            });
                            n
                        }
                    };
                    if !numbers.contains(&n) {
                        numbers.push(n);
                    }
                }
                cells.push(Cell {
                    host,
                    status: row.asked.status(host),
                    footnotes: numbers,
                });
            }
            out.push(MatrixRow {
                path: row.path,
                line: row.line,
                column: row.column,
                message: row.asked.message,
                cells,
            });
        }
        Matrix {
            hosts: hosts.to_vec(),
            rows: out,
            footnotes,
        }
    }
}
