//! What a Java, Kotlin or C# file declares, as the project's index and
//! the front-ends read it: its package (C#: its namespaces), its imports,
//! the types at the top of a package, the names it declares itself, and
//! its constants, each with its initializer: a `static final` field of a
//! Java type (every field of an interface), a `val` of a Kotlin `object`,
//! of a class's `companion object` or at the top of a file, a `static
//! readonly` field or a static get-only property with a value of a C#
//! type. A constant of a type nested in another is not one.

use tree_sitter::Node as TsNode;

use super::Found;
use super::Language;
use super::build::{self, Bindings};
use super::index::{Flavour, Links};

/// A name one import or `using` brings in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Import {
    /// The path as written (`com.example.Schemas`).
    pub(super) path: Vec<String>,
    /// Everything in the package or namespace `path` (`.*`, C#'s `using
    /// Ns;`).
    pub(super) star: bool,
    /// The name it is bound to (`as S`, `S =`), when not its last.
    pub(super) alias: Option<String>,
    /// A static import: members of the type `path` names (`import static
    /// a.C.X;`, `import static a.C.*;`, C#'s `using static a.C;`), not
    /// types.
    pub(super) members: bool,
}

/// A constant of a class (or a Kotlin file's top level: `class` empty).
#[derive(Debug, Clone)]
pub(super) struct Constant<V> {
    pub(super) ns: String,
    pub(super) class: String,
    pub(super) member: String,
    /// Its initializer.
    pub(super) value: V,
}

/// What a file declares and imports, as the index resolves names.
#[derive(Debug, Clone)]
pub(super) struct Summary<V> {
    /// Its packages (Java, Kotlin: one) or namespaces (C#).
    pub(super) packages: Vec<String>,
    pub(super) imports: Vec<Import>,
    /// Its types declared at the top of a package or namespace: (its
    /// package or namespace, its name).
    pub(super) types: Vec<(String, String)>,
    /// Its types declared inside another type.
    pub(super) nested: Vec<String>,
    /// Every name it declares as a local, a parameter, a field or a
    /// property: a name so declared is the file's own.
    pub(super) declared: Vec<String>,
    pub(super) constants: Vec<Constant<V>>,
}

impl<V> Default for Summary<V> {
    fn default() -> Self {
        Summary {
            packages: Vec::new(),
            imports: Vec::new(),
            types: Vec::new(),
            nested: Vec::new(),
            declared: Vec::new(),
            constants: Vec::new(),
        }
    }
}

impl<V> Summary<V> {
    /// The summary without the constants' initializers, to keep.
    pub(super) fn owned(self) -> Summary<()> {
        Summary {
            packages: self.packages,
            imports: self.imports,
            types: self.types,
            nested: self.nested,
            declared: self.declared,
            constants: self
                .constants
                .into_iter()
                .map(|c| Constant {
                    ns: c.ns,
                    class: c.class,
                    member: c.member,
                    value: (),
                })
                .collect(),
        }
    }
}

/// The grammar of a language read here.
pub(super) fn grammar(language: Language) -> tree_sitter::Language {
    match language {
        Language::Kotlin => tree_sitter_kotlin_ng::LANGUAGE.into(),
        Language::CSharp => tree_sitter_c_sharp::LANGUAGE.into(),
        _ => tree_sitter_java::LANGUAGE.into(),
    }
}

/// Whether `text` is one identifier of these languages.
fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// The segments of a dotted name (`com.example.Schemas`, with Kotlin's
/// backticks dropped); `None` when one is not an identifier.
pub(super) fn segments(text: &str) -> Option<Vec<String>> {
    text.split('.')
        .map(|s| {
            let s = s.trim().trim_matches('`');
            is_identifier(s).then(|| s.to_string())
        })
        .collect()
}

/// One `import` (Java, Kotlin) or `using` directive (C#), from its text.
fn import_of(language: Language, text: &str) -> Option<Import> {
    let t = text.trim().trim_end_matches(';').trim();
    let t = t.strip_prefix("global ").unwrap_or(t).trim_start();
    let keyword = if language == Language::CSharp {
        "using"
    } else {
        "import"
    };
    let t = t.strip_prefix(keyword)?;
    if !t.starts_with(char::is_whitespace) {
        return None;
    }
    let t = t.trim();
    let (members, t) = match t.strip_prefix("static ") {
        Some(rest) => (true, rest.trim()),
        None => (false, t),
    };
    let (alias, path) = match (language, t.split_once(" as "), t.split_once('=')) {
        (Language::Kotlin, Some((p, a)), _) => (Some(a.trim()), p),
        (Language::CSharp, _, Some((a, p))) => (Some(a.trim()), p),
        _ => (None, t),
    };
    let (path, star) = match path.trim().strip_suffix(".*") {
        Some(p) => (p, true),
        None => (path, language == Language::CSharp && alias.is_none()),
    };
    Some(Import {
        path: segments(path)?,
        star,
        alias: alias.filter(|a| is_identifier(a)).map(str::to_string),
        members,
    })
}

/// The kinds that declare a type, by language.
fn type_kinds(language: Language) -> &'static [&'static str] {
    match language {
        Language::Kotlin => &["class_declaration", "object_declaration"],
        Language::CSharp => &[
            "class_declaration",
            "struct_declaration",
            "record_declaration",
            "interface_declaration",
            "enum_declaration",
        ],
        _ => &[
            "class_declaration",
            "interface_declaration",
            "enum_declaration",
            "record_declaration",
            "annotation_type_declaration",
        ],
    }
}

/// The kinds whose name (their `name` field, or their first identifier)
/// is a local, a parameter or a member the file declares.
fn declaring_kinds(language: Language) -> &'static [&'static str] {
    match language {
        Language::Kotlin => &["variable_declaration", "parameter", "class_parameter"],
        Language::CSharp => &[
            "variable_declarator",
            "parameter",
            "property_declaration",
            "foreach_statement",
            "declaration_expression",
            "catch_declaration",
        ],
        _ => &[
            "variable_declarator",
            "formal_parameter",
            "catch_formal_parameter",
            "enhanced_for_statement",
            "resource",
            "spread_parameter",
            "inferred_parameters",
            "lambda_expression",
        ],
    }
}

/// The name a declaring node binds, when it binds one name.
fn declared_name<'s>(n: TsNode, text: &'s str) -> Option<&'s str> {
    let mut w = n.walk();
    let name = n
        .child_by_field_name("name")
        .or_else(|| n.child_by_field_name("left"))
        .or_else(|| n.child_by_field_name("parameters"))
        .or_else(|| n.named_children(&mut w).find(|c| c.kind() == "identifier"))?;
    (name.kind() == "identifier").then(|| &text[name.byte_range()])
}

/// The dotted name of a package or namespace node's name.
fn dotted(n: Option<TsNode>, text: &str) -> Option<String> {
    let t = &text[n?.byte_range()];
    Some(segments(t)?.join("."))
}

/// What `root`'s file declares and imports, each constant with its
/// initializer.
pub(super) fn summarize<'t>(
    language: Language,
    root: TsNode<'t>,
    text: &str,
) -> Summary<TsNode<'t>> {
    let mut s = Summary::default();
    let types = type_kinds(language);
    let declaring = declaring_kinds(language);
    // A C# file-scoped namespace holds every declaration after it.
    let mut file_ns = String::new();
    super::each_node(root, |n| {
        let kind = n.kind();
        match kind {
            "package_declaration" | "package_header" => {
                let name = n.named_child(0);
                s.packages.extend(dotted(name, text));
            }
            "file_scoped_namespace_declaration" | "namespace_declaration" => {
                if let Some(name) = dotted(n.child_by_field_name("name"), text) {
                    let full = join(&namespace_of(n, text, &file_ns), &name);
                    if kind == "file_scoped_namespace_declaration" {
                        file_ns = full.clone();
                    }
                    s.packages.push(full);
                }
            }
            "import_declaration" | "import" | "using_directive" => {
                s.imports.extend(import_of(language, &text[n.byte_range()]));
            }
            _ => {}
        }
        if types.contains(&kind)
            && let Some(name) = n.child_by_field_name("name")
        {
            let name = text[name.byte_range()].to_string();
            if enclosing_type(n, types).is_some() {
                s.nested.push(name);
            } else {
                s.types.push((namespace_of(n, text, &file_ns), name));
            }
        }
        if declaring.contains(&kind)
            && let Some(name) = declared_name(n, text)
        {
            s.declared.push(name.to_string());
        }
        constants(language, n, text, types, &file_ns, &mut s.constants);
    });
    if s.packages.is_empty() {
        s.packages.push(String::new());
    }
    s
}

/// `a.b` and `c` as `a.b.c`.
fn join(outer: &str, inner: &str) -> String {
    match (outer.is_empty(), inner.is_empty()) {
        (true, _) => inner.to_string(),
        (_, true) => outer.to_string(),
        _ => format!("{outer}.{inner}"),
    }
}

/// The package or namespace a declaration is in: the C# namespaces
/// around it, in the file-scoped one; the package of a Java or Kotlin
/// file (read from the root).
fn namespace_of(n: TsNode, text: &str, file_ns: &str) -> String {
    let mut names = Vec::new();
    let mut at = n.parent();
    while let Some(p) = at {
        if p.kind() == "namespace_declaration"
            && let Some(name) = dotted(p.child_by_field_name("name"), text)
        {
            names.push(name);
        }
        at = p.parent();
    }
    names.reverse();
    let mut ns = file_ns.to_string();
    for name in names {
        ns = join(&ns, &name);
    }
    if ns.is_empty() {
        // Java and Kotlin: the package clause at the top.
        let mut root = n;
        while let Some(p) = root.parent() {
            root = p;
        }
        let mut w = root.walk();
        for c in root.named_children(&mut w) {
            if matches!(c.kind(), "package_declaration" | "package_header") {
                return dotted(c.named_child(0), text).unwrap_or_default();
            }
        }
    }
    ns
}

/// The nearest type declaration around `n`.
fn enclosing_type<'t>(n: TsNode<'t>, types: &[&str]) -> Option<TsNode<'t>> {
    let mut at = n.parent();
    while let Some(p) = at {
        if types.contains(&p.kind()) {
            return Some(p);
        }
        at = p.parent();
    }
    None
}

/// The constants `n` declares, when it is a constant's declaration.
fn constants<'t>(
    language: Language,
    n: TsNode<'t>,
    text: &str,
    types: &[&str],
    file_ns: &str,
    out: &mut Vec<Constant<TsNode<'t>>>,
) {
    let found: Vec<(String, TsNode<'t>)> = match (language, n.kind()) {
        (Language::Java, "field_declaration" | "constant_declaration") => java_fields(n, text),
        (Language::Kotlin, "property_declaration") => property_value(n, text)
            .and_then(|(name, value)| Some((name.to_string(), value?)))
            .into_iter()
            .collect(),
        (Language::CSharp, "field_declaration" | "property_declaration") => csharp_members(n, text),
        _ => return,
    };
    if found.is_empty() {
        return;
    }
    let Some((class, owner)) = owner_of(language, n, text, types) else {
        return;
    };
    for (member, value) in found {
        out.push(Constant {
            ns: namespace_of(owner, text, file_ns),
            class: class.clone(),
            member,
            value,
        });
    }
}

/// The class whose constant a member declaration is (empty for a Kotlin
/// file's top level) and the node it is declared in, when that class is
/// at the top of its package: a member of a Java or C# type; of a Kotlin
/// `object` or of a class's `companion object`.
fn owner_of<'t>(
    language: Language,
    n: TsNode<'t>,
    text: &str,
    types: &[&str],
) -> Option<(String, TsNode<'t>)> {
    let body = n.parent()?;
    let owner = if language == Language::Kotlin {
        if body.kind() == "source_file" {
            return Some((String::new(), body));
        }
        let holder = body.parent().filter(|_| body.kind() == "class_body")?;
        match holder.kind() {
            "object_declaration" => holder,
            "companion_object" => holder
                .parent()
                .filter(|b| b.kind() == "class_body")?
                .parent()
                .filter(|c| c.kind() == "class_declaration")?,
            _ => return None,
        }
    } else {
        let mut owner = body.parent()?;
        // Java's enum constants' declarations sit one level deeper.
        if owner.kind() == "enum_body" {
            owner = owner.parent()?;
        }
        owner
    };
    if !types.contains(&owner.kind()) || enclosing_type(owner, types).is_some() {
        return None;
    }
    let name = owner.child_by_field_name("name")?;
    Some((text[name.byte_range()].to_string(), owner))
}

/// The modifiers written on a declaration, as words.
fn modifiers<'s>(n: TsNode, text: &'s str) -> Vec<&'s str> {
    let mut w = n.walk();
    n.named_children(&mut w)
        .filter(|c| matches!(c.kind(), "modifiers" | "modifier"))
        .flat_map(|c| text[c.byte_range()].split_whitespace())
        .collect()
}

/// The `static final` fields of a Java declaration (every field of an
/// interface), with their initializers.
fn java_fields<'t>(n: TsNode<'t>, text: &str) -> Vec<(String, TsNode<'t>)> {
    let words = modifiers(n, text);
    let interface = n
        .parent()
        .and_then(|b| b.parent())
        .is_some_and(|o| o.kind() == "interface_declaration");
    if !(interface || (words.contains(&"static") && words.contains(&"final"))) {
        return Vec::new();
    }
    let mut w = n.walk();
    n.children_by_field_name("declarator", &mut w)
        .filter_map(|d| {
            let name = d.child_by_field_name("name")?;
            Some((
                text[name.byte_range()].to_string(),
                d.child_by_field_name("value")?,
            ))
        })
        .collect()
}

/// The `static readonly` fields and static get-only properties with a
/// value of a C# declaration, with their values.
fn csharp_members<'t>(n: TsNode<'t>, text: &str) -> Vec<(String, TsNode<'t>)> {
    let words = modifiers(n, text);
    if !words.contains(&"static") {
        return Vec::new();
    }
    if n.kind() == "property_declaration" {
        let settable = n.child_by_field_name("accessors").is_some_and(|a| {
            let t = &text[a.byte_range()];
            t.contains("set") || t.contains("init")
        });
        let value = n.child_by_field_name("value").and_then(|v| {
            if v.kind() == "arrow_expression_clause" {
                v.named_child(0)
            } else {
                Some(v)
            }
        });
        return match (n.child_by_field_name("name"), value, settable) {
            (Some(name), Some(v), false) => vec![(text[name.byte_range()].to_string(), v)],
            _ => Vec::new(),
        };
    }
    if !words.contains(&"readonly") {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut w = n.walk();
    for decl in n
        .named_children(&mut w)
        .filter(|c| c.kind() == "variable_declaration")
    {
        let mut w2 = decl.walk();
        for d in decl
            .named_children(&mut w2)
            .filter(|c| c.kind() == "variable_declarator")
        {
            if let Some(name) = d.child_by_field_name("name")
                && let Some(v) = declarator_value(d, name)
            {
                out.push((text[name.byte_range()].to_string(), v));
            }
        }
    }
    out
}

/// The name a property declaration binds, and its value when it is a
/// `val` with an initializer (no delegate, no getter or setter).
pub(super) fn property_value<'s, 't>(
    n: TsNode<'t>,
    text: &'s str,
) -> Option<(&'s str, Option<TsNode<'t>>)> {
    let mut w = n.walk();
    let children: Vec<TsNode> = n.named_children(&mut w).collect();
    let var = children
        .iter()
        .find(|c| c.kind() == "variable_declaration")?;
    let name = var.named_child(0)?;
    // The `val` or `var` keyword of this declaration itself.
    let keyword = (0..n.child_count())
        .filter_map(|i| n.child(i))
        .find(|c| matches!(c.kind(), "val" | "var"))
        .map(|c| c.kind());
    let is_val = keyword == Some("val")
        && !children
            .iter()
            .any(|c| matches!(c.kind(), "property_delegate" | "getter" | "setter"));
    let value = children
        .iter()
        .rev()
        .find(|c| {
            c.id() != var.id()
                && !matches!(
                    c.kind(),
                    "modifiers" | "getter" | "setter" | "type_constraints"
                )
        })
        .copied()
        .filter(|_| is_val);
    Some((&text[name.byte_range()], value))
}

/// The value a declarator binds: its last named child that is not the
/// name (`x = value`), if any.
pub(super) fn declarator_value<'t>(decl: TsNode<'t>, name: TsNode<'t>) -> Option<TsNode<'t>> {
    let mut w = decl.walk();
    let last = decl.named_children(&mut w).last()?;
    (last.id() != name.id() && last.kind() != "bracketed_argument_list").then_some(last)
}

/// A constant of this file that another file sends as a schema.
pub(super) struct Sent<'t> {
    /// Its initializer.
    pub(super) value: TsNode<'t>,
    /// How the call sends it.
    pub(super) flavour: Flavour,
    /// What is said when the file changes it after building it (its value
    /// is then not read).
    pub(super) changed: Option<String>,
}

/// The constants of the file of `root` that another file sends as a
/// schema (its links' `elicited`, each `Class.member` or a Kotlin
/// top-level `member`), each declared there once and not already sent as
/// the schema of one of the file's own calls (`found`); `locals` (bound
/// in `scopes`) says whether the file changes one in place.
pub(super) fn sent_here<'t>(
    language: Language,
    root: TsNode<'t>,
    text: &str,
    links: &Links,
    found: &[Found],
    (locals, scopes): (&Bindings, &[&str]),
) -> Vec<Sent<'t>> {
    if links.elicited.is_empty() {
        return Vec::new();
    }
    let s = summarize(language, root, text);
    let mut out = Vec::new();
    for e in &links.elicited {
        let (class, member) = e.name.rsplit_once('.').unwrap_or(("", &e.name));
        let mut matching = s
            .constants
            .iter()
            .filter(|c| c.class == class && c.member == member);
        let (Some(one), None) = (matching.next(), matching.next()) else {
            continue;
        };
        if build::sent_by_a_call(found, one.value) {
            continue;
        }
        let changed = locals
            .changed_within(member, build::scope_of(one.value, scopes))
            .then(|| build::changed(member));
        out.push(Sent {
            value: one.value,
            flavour: e.flavour,
            changed,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_are_read() {
        let i = |l, t| {
            import_of(l, t)
                .filter(|i| !i.members)
                .map(|i| (i.path.join("."), i.star, i.alias))
        };
        assert_eq!(
            i(Language::Java, "import com.example.Schemas;"),
            Some(("com.example.Schemas".into(), false, None))
        );
        assert_eq!(
            i(Language::Java, "import com.example.*;"),
            Some(("com.example".into(), true, None))
        );
        assert_eq!(i(Language::Java, "import static com.example.S.X;"), None);
        assert_eq!(
            i(Language::Kotlin, "import com.example.Schemas as S"),
            Some(("com.example.Schemas".into(), false, Some("S".into())))
        );
        assert_eq!(
            i(Language::CSharp, "using Example.Forms;"),
            Some(("Example.Forms".into(), true, None))
        );
        assert_eq!(
            i(Language::CSharp, "using S = Example.Forms.Schemas;"),
            Some(("Example.Forms.Schemas".into(), false, Some("S".into())))
        );
        assert_eq!(i(Language::CSharp, "using static Example.Forms;"), None);
        let statics = |l, t| import_of(l, t).map(|i| (i.path.join("."), i.star, i.members));
        assert_eq!(
            statics(Language::Java, "import static com.example.S.X;"),
            Some(("com.example.S.X".into(), false, true))
        );
        assert_eq!(
            statics(Language::CSharp, "using static Example.Forms.Schemas;"),
            Some(("Example.Forms.Schemas".into(), true, true))
        );
    }

    fn summary(language: Language, text: &str) -> Summary<()> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar(language)).unwrap();
        let tree = parser.parse(text, None).unwrap();
        summarize(language, tree.root_node(), text).owned()
    }

    fn constants(s: &Summary<()>) -> Vec<String> {
        s.constants
            .iter()
            .map(|c| format!("{}:{}.{}", c.ns, c.class, c.member))
            .collect()
    }

    #[test]
    fn java_constants_are_static_final_fields_of_top_level_types() {
        let s = summary(
            Language::Java,
            "package com.example;\nimport java.util.Map;\npublic final class Schemas {\n  public static final Map<String, Object> CONFIRM = Map.of();\n  static Map<String, Object> MUTABLE = Map.of();\n  static class Inner { static final Map<String, Object> X = Map.of(); }\n}\ninterface Keys { Map<String, Object> K = Map.of(); }\n",
        );
        assert_eq!(
            constants(&s),
            ["com.example:Schemas.CONFIRM", "com.example:Keys.K"]
        );
        assert_eq!(s.nested, ["Inner"]);
        assert_eq!(s.packages, ["com.example"]);
    }

    #[test]
    fn kotlin_constants_are_vals_of_objects_companions_and_files() {
        let s = summary(
            Language::Kotlin,
            "package com.example\n\nval top = mapOf(1 to 2)\nvar changing = 1\nobject Schemas {\n    val confirm = mapOf(1 to 2)\n    val lazyOne by lazy { 1 }\n}\nclass Forms {\n    companion object {\n        val pick = 1\n    }\n    val own = 2\n}\n",
        );
        assert_eq!(
            constants(&s),
            [
                "com.example:.top",
                "com.example:Schemas.confirm",
                "com.example:Forms.pick"
            ]
        );
    }

    #[test]
    fn csharp_constants_are_static_readonly_fields_and_get_only_properties() {
        let s = summary(
            Language::CSharp,
            "namespace Example.Forms;\npublic static class Schemas\n{\n    public static readonly RequestSchema Confirm = new RequestSchema();\n    public static RequestSchema Pick { get; } = new RequestSchema();\n    public static RequestSchema Arrow => new RequestSchema();\n    public static RequestSchema Settable { get; set; } = new RequestSchema();\n    public static RequestSchema Mutable = new RequestSchema();\n}\n",
        );
        assert_eq!(
            constants(&s),
            [
                "Example.Forms:Schemas.Confirm",
                "Example.Forms:Schemas.Pick",
                "Example.Forms:Schemas.Arrow"
            ]
        );
        let s = summary(
            Language::CSharp,
            "namespace A { namespace B { static class S { static readonly int X = 1; } } }",
        );
        assert_eq!(constants(&s), ["A.B:S.X"]);
    }
}
