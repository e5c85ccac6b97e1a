//! The game trees of a file as `sgf-parse` read them, kept for writing back: dropped, walked,
//! compared and printed without recursion (a path of the tree is as long as the game).

use std::collections::HashSet;
use std::fmt::Write as _;

use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{GameTree, SgfNode, SgfProp, unknown_game};

/// Every game tree of a file, in order. Dropping it does not recurse.
pub(crate) struct Collection {
    pub(crate) trees: Vec<GameTree>,
}

impl Drop for Collection {
    fn drop(&mut self) {
        for tree in self.trees.drain(..) {
            match tree {
                GameTree::GoGame(node) => dismantle(node),
                GameTree::Unknown(node) => dismantle(node),
            }
        }
    }
}

/// Drops a tree node by node, moving the children out first so that no drop recurses.
fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Replacements applied while writing: the node (pre-order index in the first tree) and the
/// properties to drop from it and to add to it.
#[derive(Debug, Default)]
pub(crate) struct Edits {
    /// (pre-order index, identifiers to remove, properties to add at the end).
    pub(crate) nodes: Vec<(usize, Vec<&'static str>, Vec<Prop>)>,
}

impl Edits {
    fn rendered(&self) -> Vec<(usize, Vec<&'static str>, Vec<String>)> {
        self.nodes
            .iter()
            .map(|(at, drop, add)| (*at, drop.clone(), add.iter().map(go_prop_text).collect()))
            .collect()
    }
}

enum Step<'a, P: SgfProp> {
    Open,
    Close,
    Node(&'a SgfNode<P>),
}

/// Writes a whole collection as SGF text; `edits` apply to the first game tree.
pub(crate) fn write_collection(collection: &Collection, edits: &Edits) -> String {
    let mut out = String::new();
    for (i, tree) in collection.trees.iter().enumerate() {
        let edits = if i == 0 { edits.rendered() } else { Vec::new() };
        match tree {
            GameTree::GoGame(node) => write_tree(&mut out, node, edits, go_prop_text),
            GameTree::Unknown(node) => write_tree(&mut out, node, edits, unknown_prop_text),
        }
        out.push('\n');
    }
    out
}

fn write_tree<P: SgfProp>(
    out: &mut String,
    root: &SgfNode<P>,
    edits: Vec<(usize, Vec<&'static str>, Vec<String>)>,
    prop_text: fn(&P) -> String,
) {
    out.push('(');
    let mut stack = vec![Step::Node(root)];
    let mut index = 0usize;
    let mut since_break = 0usize;
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => {
                out.push_str("\n(");
                since_break = 0;
            }
            Step::Close => out.push(')'),
            Step::Node(node) => {
                out.push(';');
                let edit = edits.iter().find(|(at, _, _)| *at == index);
                for prop in node.properties() {
                    if edit.is_some_and(|(_, drop, _)| drop.contains(&prop.identifier().as_str())) {
                        continue;
                    }
                    out.push_str(&prop_text(prop));
                }
                if let Some((_, _, add)) = edit {
                    for text in add {
                        out.push_str(text);
                    }
                }
                // The root and every tenth node end a line, to keep lines readable.
                since_break += 1;
                if index == 0 || since_break >= 10 {
                    out.push('\n');
                    since_break = 0;
                }
                index += 1;
                match node.children.len() {
                    0 => {}
                    1 => stack.push(Step::Node(&node.children[0])),
                    _ => {
                        for child in node.children.iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Node(child));
                            stack.push(Step::Open);
                        }
                    }
                }
            }
        }
    }
    out.push(')');
}

/// Escapes a value for writing between brackets: `\` and `]`.
pub(crate) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn letter(i: u8) -> char {
    char::from(if i < 26 { b'a' + i } else { b'A' + (i - 26) })
}

fn point_text(p: &Point) -> String {
    let mut s = String::with_capacity(2);
    s.push(letter(p.x));
    s.push(letter(p.y));
    s
}

fn sorted_points<'a>(points: impl IntoIterator<Item = &'a Point>) -> Vec<String> {
    let mut v: Vec<(u8, u8)> = points.into_iter().map(|p| (p.y, p.x)).collect();
    v.sort_unstable();
    v.into_iter()
        .map(|(y, x)| point_text(&Point { x, y }))
        .collect()
}

fn property(id: &str, values: &[String]) -> String {
    let mut s = String::from(id);
    if values.is_empty() {
        s.push_str("[]");
    }
    for v in values {
        let _ = write!(s, "[{v}]");
    }
    s
}

fn pairs(set: &HashSet<(Point, Point)>) -> Vec<String> {
    let mut v: Vec<String> = set
        .iter()
        .map(|(a, b)| format!("{}:{}", point_text(a), point_text(b)))
        .collect();
    v.sort();
    v
}

/// The SGF text of one Go property. Points are written by this crate (the `sgf-parse`
/// printer has no letters past `z` and lists sets in hash order); other values by `sgf-parse`.
pub(crate) fn go_prop_text(prop: &Prop) -> String {
    let mv = |m: &Move| match m {
        Move::Pass => String::new(),
        Move::Move(p) => point_text(p),
    };
    match prop {
        Prop::B(m) => property("B", &[mv(m)]),
        Prop::W(m) => property("W", &[mv(m)]),
        Prop::AB(s) => property("AB", &sorted_points(s)),
        Prop::AW(s) => property("AW", &sorted_points(s)),
        Prop::AE(s) => property("AE", &sorted_points(s)),
        Prop::CR(s) => property("CR", &sorted_points(s)),
        Prop::MA(s) => property("MA", &sorted_points(s)),
        Prop::SL(s) => property("SL", &sorted_points(s)),
        Prop::SQ(s) => property("SQ", &sorted_points(s)),
        Prop::TR(s) => property("TR", &sorted_points(s)),
        Prop::DD(s) => property("DD", &sorted_points(s)),
        Prop::VW(s) => property("VW", &sorted_points(s)),
        Prop::TB(s) => property("TB", &sorted_points(s)),
        Prop::TW(s) => property("TW", &sorted_points(s)),
        Prop::AR(s) => property("AR", &pairs(s)),
        Prop::LN(s) => property("LN", &pairs(s)),
        Prop::LB(s) => {
            let mut v: Vec<String> = s
                .iter()
                .map(|(p, t)| format!("{}:{}", point_text(p), escape(&t.text)))
                .collect();
            v.sort();
            property("LB", &v)
        }
        // Text values escape `\` and `]` only (sgf-parse also escapes every `:`, which is
        // valid but needless outside composed values).
        Prop::C(t) => property("C", &[escape(&t.text)]),
        Prop::GC(t) => property("GC", &[escape(&t.text)]),
        Prop::N(t)
        | Prop::PB(t)
        | Prop::PW(t)
        | Prop::RE(t)
        | Prop::RU(t)
        | Prop::GN(t)
        | Prop::DT(t)
        | Prop::EV(t)
        | Prop::PC(t)
        | Prop::BR(t)
        | Prop::WR(t)
        | Prop::BT(t)
        | Prop::WT(t)
        | Prop::SO(t)
        | Prop::US(t)
        | Prop::AN(t)
        | Prop::CP(t)
        | Prop::ON(t)
        | Prop::OT(t)
        | Prop::RO(t)
        | Prop::CA(t) => property(&prop.identifier(), &[escape(&t.text)]),
        Prop::SZ((w, h)) if w == h => property("SZ", &[w.to_string()]),
        Prop::SZ((w, h)) => property("SZ", &[format!("{w}:{h}")]),
        Prop::Unknown(id, values) | Prop::Invalid(id, values) => {
            property(id, &values.iter().map(|v| escape(v)).collect::<Vec<_>>())
        }
        other => other.to_string(),
    }
}

/// The SGF text of one property of a game other than Go: every value kept as read.
fn unknown_prop_text(prop: &unknown_game::Prop) -> String {
    match prop {
        unknown_game::Prop::Unknown(id, values) | unknown_game::Prop::Invalid(id, values) => {
            property(id, &values.iter().map(|v| escape(v)).collect::<Vec<_>>())
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
/// The nodes of a tree in pre-order (first child first), each with its depth, without
/// recursion. Node `k` of the main line is at index `k`.
pub(crate) fn preorder<P: SgfProp>(root: &SgfNode<P>) -> Vec<(usize, &SgfNode<P>)> {
    let mut out = Vec::new();
    let mut stack = vec![(0usize, root)];
    while let Some((depth, node)) = stack.pop() {
        out.push((depth, node));
        for child in node.children.iter().rev() {
            stack.push((depth + 1, child));
        }
    }
    out
}

#[cfg(test)]
/// Whether two properties are equal, counting a `NaN` real value equal to itself.
fn same_prop(a: &Prop, b: &Prop) -> bool {
    a == b || go_prop_text(a) == go_prop_text(b)
}

#[cfg(test)]
/// Compares two collections node by node: the same trees, shapes and properties in order,
/// except the identifiers `ignored` lists for a node (pre-order index) of the first tree.
/// Returns the first difference.
pub(crate) fn compare(
    a: &Collection,
    b: &Collection,
    ignored: &[(usize, &[&str])],
) -> Result<(), String> {
    if a.trees.len() != b.trees.len() {
        return Err(format!(
            "{} game trees against {}",
            a.trees.len(),
            b.trees.len()
        ));
    }
    for (t, (ta, tb)) in a.trees.iter().zip(&b.trees).enumerate() {
        match (ta, tb) {
            (GameTree::GoGame(ra), GameTree::GoGame(rb)) => {
                let (na, nb) = (preorder(ra), preorder(rb));
                if na.len() != nb.len() {
                    return Err(format!("tree {t}: {} nodes against {}", na.len(), nb.len()));
                }
                for (i, ((da, xa), (db, xb))) in na.iter().zip(&nb).enumerate() {
                    if da != db || xa.children.len() != xb.children.len() {
                        return Err(format!("tree {t} node {i}: different shape"));
                    }
                    let skip: &[&str] = if t == 0 {
                        ignored
                            .iter()
                            .find(|(at, _)| *at == i)
                            .map_or(&[], |(_, ids)| ids)
                    } else {
                        &[]
                    };
                    let keep = |p: &&Prop| !skip.contains(&p.identifier().as_str());
                    let pa: Vec<&Prop> = xa.properties().filter(keep).collect();
                    let pb: Vec<&Prop> = xb.properties().filter(keep).collect();
                    if pa.len() != pb.len() || pa.iter().zip(&pb).any(|(x, y)| !same_prop(x, y)) {
                        return Err(format!("tree {t} node {i}: {pa:?} against {pb:?}"));
                    }
                }
            }
            (GameTree::Unknown(ra), GameTree::Unknown(rb)) => {
                let (na, nb) = (preorder(ra), preorder(rb));
                let same = na.len() == nb.len()
                    && na.iter().zip(&nb).all(|((da, xa), (db, xb))| {
                        da == db
                            && xa.children.len() == xb.children.len()
                            && xa.properties == xb.properties
                    });
                if !same {
                    return Err(format!("tree {t}: different"));
                }
            }
            _ => return Err(format!("tree {t}: different game types")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_past_z_are_written_with_capitals() {
        let p = Prop::B(Move::Move(Point { x: 26, y: 51 }));
        assert_eq!(go_prop_text(&p), "B[AZ]");
    }

    #[test]
    fn unknown_values_are_escaped() {
        let p = Prop::Unknown("XX".into(), vec!["a]b\\c".into()]);
        assert_eq!(go_prop_text(&p), "XX[a\\]b\\\\c]");
    }

    #[test]
    fn dropping_a_very_long_line_does_not_recurse() {
        // A 200 000-node line: a recursive drop would overflow the test thread's stack.
        let mut node: SgfNode<Prop> = SgfNode::default();
        for _ in 0..200_000 {
            node = SgfNode::new(vec![Prop::B(Move::Pass)], vec![node], false);
        }
        let collection = Collection {
            trees: vec![GameTree::GoGame(node)],
        };
        let text = write_collection(&collection, &Edits::default());
        assert_eq!(text.matches(';').count(), 200_001);
        drop(collection);
    }
}
