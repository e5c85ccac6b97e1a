//! A byte-level pre-scan of the SGF text, run before `sgf-parse` sees it.
//!
//! `sgf-parse` builds the tree without recursion, but a node's children are a field of the
//! node, so dropping, comparing or printing a tree recurses once per node of a path (every move
//! of a game is a child of the previous one). On an error the parser drops its partial tree
//! recursively. The scan therefore walks the text exactly as the `sgf-parse` lexer tokenizes it
//! (`(`, `)`, `;` and properties; values bracketed with `\` escapes), measures the deepest path
//! in nodes and the number of nodes, and rejects a tree beyond the limits before parsing. It
//! also finds truncated files with the byte offset of the unclosed value or tree.

use crate::{Limits, SgfError, SgfErrorKind};

/// What the scan measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScanReport {
    /// The deepest path, in nodes.
    pub depth: usize,
    /// The number of nodes.
    pub nodes: usize,
}

/// Scans `text` (already trimmed as `sgf-parse` trims it); `base` is the offset of `text` in the
/// input, for error messages.
pub(crate) fn scan(
    file: &str,
    text: &str,
    base: usize,
    limits: &Limits,
) -> Result<ScanReport, SgfError> {
    let bytes = text.as_bytes();
    let err = |kind: SgfErrorKind, at: usize| SgfError::new(file, kind).at_offset(base + at);
    let mut i = 0;
    // The node depth at each open `(`, with the offset of the `(`.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut report = ScanReport { depth: 0, nodes: 0 };
    // The last structural token: `(`, `)` or `;` (a property keeps the `;` of its node).
    let mut last: Option<u8> = None;
    let syntax = |detail: &str| SgfErrorKind::Syntax {
        detail: detail.to_owned(),
    };
    let skip_ws = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                if last == Some(b'(') {
                    return Err(err(syntax("a game tree must start with a node (`;`)"), i));
                }
                last = Some(b'(');
                open.push((depth, i));
                if open.len() > limits.moves {
                    return Err(err(
                        SgfErrorKind::TooDeep {
                            limit: limits.moves,
                        },
                        i,
                    ));
                }
                i += 1;
            }
            b')' => {
                if last == Some(b'(') {
                    return Err(err(syntax("an empty game tree"), i));
                }
                last = Some(b')');
                match open.pop() {
                    Some((d, _)) => depth = d,
                    // The parser reports this; the scan only needs to stay in step.
                    None => return Err(err(SgfErrorKind::UnmatchedClose, i)),
                }
                i += 1;
            }
            b';' => {
                if open.is_empty() {
                    return Err(err(syntax("a node outside any game tree"), i));
                }
                last = Some(b';');
                depth += 1;
                report.nodes += 1;
                report.depth = report.depth.max(depth);
                if depth > limits.moves {
                    return Err(err(
                        SgfErrorKind::TooManyMoves {
                            limit: limits.moves,
                        },
                        i,
                    ));
                }
                if report.nodes > limits.nodes {
                    return Err(err(
                        SgfErrorKind::TooManyNodes {
                            limit: limits.nodes,
                        },
                        i,
                    ));
                }
                i += 1;
            }
            _ => {
                // A property: identifier bytes up to `[` (any ASCII, as the lexer reads it),
                // then bracketed values separated by whitespace. It belongs to a node.
                if last != Some(b';') {
                    let detail = if open.is_empty() {
                        "text outside any game tree"
                    } else {
                        "a property outside any node"
                    };
                    return Err(err(syntax(detail), i));
                }
                let start = i;
                while i < bytes.len() && bytes[i] != b'[' {
                    if !bytes[i].is_ascii() {
                        return Err(err(
                            SgfErrorKind::Syntax {
                                detail: "a property identifier with a non-ascii character"
                                    .to_owned(),
                            },
                            i,
                        ));
                    }
                    i += 1;
                }
                if i == bytes.len() {
                    return Err(err(
                        SgfErrorKind::Syntax {
                            detail: "a property identifier without a value".to_owned(),
                        },
                        start,
                    ));
                }
                // FF[4] identifiers are capital letters; FF[3] ones mix in lower case, which
                // the parser drops. An identifier with no capital letter (or a value with no
                // identifier) cannot be told apart from more values of the previous property
                // when written back: refuse it.
                if !bytes[start..i].iter().any(u8::is_ascii_uppercase) {
                    return Err(err(
                        SgfErrorKind::Syntax {
                            detail: "a property without a capital-letter identifier".to_owned(),
                        },
                        start,
                    ));
                }
                loop {
                    skip_ws(&mut i);
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    let value_start = i;
                    i += 1;
                    let mut escaped = false;
                    loop {
                        let Some(&b) = bytes.get(i) else {
                            return Err(err(SgfErrorKind::UnclosedValue, value_start));
                        };
                        i += 1;
                        match b {
                            b']' if !escaped => break,
                            b'\\' if !escaped => escaped = true,
                            _ => escaped = false,
                        }
                    }
                }
                continue;
            }
        }
        skip_ws(&mut i);
    }
    if let Some(&(_, opened)) = open.last() {
        // The file ends here: the error points at its end, and names where the tree opened.
        return Err(err(
            SgfErrorKind::UnclosedTree {
                opened: base + opened,
            },
            bytes.len(),
        ));
    }
    Ok(report)
}

/// The first property given twice in the root node of a game tree, with its byte offset in
/// `text` (after the scan accepted it): what `sgf-parse` refuses as an "unexpected property"
/// without saying which or where.
pub(crate) fn repeated_root_property(text: &str) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    // In the first node of a top-level tree: the identifiers seen so far.
    let mut root: Option<Vec<String>> = None;
    let mut after_open = false;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                after_open = depth == 1;
                root = None;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                root = None;
                i += 1;
            }
            b';' => {
                root = after_open.then(Vec::new);
                after_open = false;
                i += 1;
            }
            b if b.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'[' {
                    i += 1;
                }
                let ident: String = text[start..i]
                    .chars()
                    .filter(char::is_ascii_uppercase)
                    .collect();
                if let Some(seen) = &mut root {
                    if seen.contains(&ident) {
                        return Some((start, ident));
                    }
                    seen.push(ident);
                }
                // The values: brackets with `\` escapes, whitespace between them.
                while i < bytes.len() {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if bytes.get(i) != Some(&b'[') {
                        break;
                    }
                    i += 1;
                    let mut escaped = false;
                    while let Some(&b) = bytes.get(i) {
                        i += 1;
                        match b {
                            b']' if !escaped => break,
                            b'\\' if !escaped => escaped = true,
                            _ => escaped = false,
                        }
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MAX_DEPTH, MAX_NODES};

    fn scan(file: &str, text: &str, base: usize) -> Result<ScanReport, SgfError> {
        super::scan(file, text, base, &Limits::default())
    }

    fn kind(text: &str) -> Result<ScanReport, SgfErrorKind> {
        scan("t.sgf", text, 0).map_err(|e| e.kind)
    }

    #[test]
    fn depth_counts_nodes_along_the_deepest_path() {
        assert_eq!(
            kind("(;A[1];B[aa](;W[bb];B[cc])(;W[dd]))"),
            Ok(ScanReport { depth: 4, nodes: 5 })
        );
    }

    #[test]
    fn brackets_and_escapes_inside_values_are_not_structure() {
        assert_eq!(
            kind("(;C[a ( ; \\] )])"),
            Ok(ScanReport { depth: 1, nodes: 1 })
        );
    }

    #[test]
    fn a_root_property_given_twice_is_found_with_its_offset() {
        // GGG's `GM[1]GM[1]FF[4]` (issue 29 item 5: "unexpected property" named neither).
        let text = "(;GM[1]GM[1]FF[4];B[aa])";
        assert_eq!(repeated_root_property(text), Some((7, "GM".to_owned())));
        // Twice in a later node, or once in each of two trees, is not a repeated root property.
        assert_eq!(repeated_root_property("(;GM[1];C[a]C[b])(;GM[1])"), None);
        // Escaped brackets in values do not end them.
        let text = "(;C[a\\]GM[2]]GM[1]GM[1])";
        assert_eq!(repeated_root_property(text), Some((18, "GM".to_owned())));
    }

    #[test]
    fn truncated_files_are_found_with_their_offset() {
        let e = scan("t.sgf", "(;B[aa];W[b", 0).expect_err("truncated");
        assert_eq!((e.kind, e.offset), (SgfErrorKind::UnclosedValue, Some(9)));
        // The end of the file, where the `)` is missing, and the `(` it would close.
        let e = scan("t.sgf", "(;B[aa](;W[bb])", 0).expect_err("truncated");
        assert_eq!(
            (e.kind, e.offset),
            (SgfErrorKind::UnclosedTree { opened: 0 }, Some(15))
        );
        assert_eq!(kind("(;B[aa]))"), Err(SgfErrorKind::UnmatchedClose));
        let e = scan("t.sgf", "(;B[aa]C[x];[ee])", 0).expect_err("no identifier");
        assert_eq!(e.offset, Some(12));
        assert!(matches!(e.kind, SgfErrorKind::Syntax { .. }));
        assert!(scan("t.sgf", "(;bogus[1])", 0).is_err());
        for (text, at) in [
            ("((;B[aa]))", 1),
            ("(B[aa])", 1),
            ("(;B[aa])()", 9),
            ("x(;)", 0),
            ("(;);", 3),
        ] {
            let e = scan("t.sgf", text, 0).expect_err(text);
            assert!(matches!(e.kind, SgfErrorKind::Syntax { .. }), "{text}");
            assert_eq!(e.offset, Some(at), "{text}");
        }
    }

    #[test]
    fn deep_trees_are_refused_before_parsing() {
        // Issue 9: a game one move too long is "too many moves", not "nested too deep".
        let deep = format!("({})", ";".repeat(MAX_DEPTH + 1));
        assert_eq!(
            kind(&deep),
            Err(SgfErrorKind::TooManyMoves { limit: MAX_DEPTH })
        );
        let nested = format!(
            "{}{}",
            "(;".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(
            kind(&nested),
            Err(SgfErrorKind::TooDeep { limit: MAX_DEPTH })
        );
        let ok = format!("({})", ";".repeat(MAX_DEPTH));
        assert_eq!(
            kind(&ok),
            Ok(ScanReport {
                depth: MAX_DEPTH,
                nodes: MAX_DEPTH
            })
        );
    }

    #[test]
    fn node_limit_refuses_many_variations_before_parsing_and_can_be_raised() {
        // Issue 9, item 5: one-move variations beyond the node limit never reach the parser.
        let text = format!("(;SZ[19]{})", "(;B[aa])".repeat(MAX_NODES));
        assert_eq!(
            kind(&text),
            Err(SgfErrorKind::TooManyNodes { limit: MAX_NODES })
        );
        let raised = Limits {
            nodes: MAX_NODES + 1,
            ..Limits::default()
        };
        assert_eq!(
            super::scan("t.sgf", &text, 0, &raised).map(|r| r.nodes),
            Ok(MAX_NODES + 1)
        );
        let lowered = Limits {
            moves: 3,
            ..Limits::default()
        };
        assert_eq!(
            super::scan("t.sgf", "(;;;;)", 0, &lowered).map_err(|e| e.kind),
            Err(SgfErrorKind::TooManyMoves { limit: 3 })
        );
    }
}
